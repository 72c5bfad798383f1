/**
 * The map's cluster index, kept up to date in place (issue 27): a pyramid of grids over web
 * mercator, one per zoom, each cell holding how many points fall in it and the sums of their
 * coordinates. A created, moved or deleted post changes one cell per zoom, so a map under a stream
 * of new posts never waits for a rebuild; and because a cell's content does not depend on the order
 * points came in (coordinates are summed as integers), an index kept up to date through any sequence
 * of changes answers exactly as one built afresh from the same points.
 *
 * A cell is about `radius` pixels wide at its zoom: points that close are one cluster, drawn at their
 * centre of mass. The cells of zoom z+1 split those of zoom z in four, so a cluster's expansion zoom
 * is where its points first fall into more than one cell.
 */

/** Above this zoom every point is its own feature. */
export const GRID_MAX_ZOOM = 14;
/** The world's width in pixels at zoom 0, as MapLibre draws it (512-pixel tiles; supercluster's `extent`). */
const WORLD_PX = 512;
/** Mercator coordinates are integers in [0, 2^30]: 4 cm at the equator, and sums of 4M stay exact. */
const SCALE = 2 ** 30;
/** Longitudes and latitudes are kept as integers of 1e-6 degrees, the precision points are loaded with. */
const MICRO = 1_000_000;
const EMPTY = -1;
/** Columns grow by an eighth when full, not double: a million points' columns are tens of MB. */
const grown = (n: number) => n + Math.max(16, n >>> 3);

export type Bbox = [number, number, number, number];

/** A viewport's feature: a cluster (`id` -1) with its count and expansion zoom, or a post's point. */
export type GridHit = { lon: number; lat: number; id: number; form: number; count: number; expansion: number };

/** Points to index: parallel columns, one entry per location value, coordinates in 1e-6 degrees. */
export type GridPoints = { lonE6: Int32Array; latE6: Int32Array; ids: Int32Array; forms: Int32Array };

const mercX = (lon: number) => Math.round(Math.min(1, Math.max(0, lon / 360 + 0.5)) * SCALE);
function mercY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return Math.round(Math.min(1, Math.max(0, y)) * SCALE);
}
const lonOf = (x: number) => (x / SCALE - 0.5) * 360;
const latOf = (y: number) => (360 * Math.atan(Math.exp((180 - (y / SCALE) * 360) * (Math.PI / 180)))) / Math.PI - 90;
/**
 * A point's coordinates in 1e-6 degrees, given back by its mercator integers: one step of those is
 * at most 3.4e-7 degrees, so rounding recovers the micro-degrees exactly (not past the latitudes
 * the map cuts off, which `GridIndex.cutOff` keeps).
 */
const lonE6Of = (x: number) => Math.round(lonOf(x) * MICRO);
const latE6Of = (y: number) => Math.round(latOf(y) * MICRO);
/** The latitude where web mercator, and the map, end (rounded down): a viewport reaching it takes in the points past it. */
export const MERCATOR_EDGE = 85.0511;
/** Below this latitude (1e-6 degrees) every point's latitude is given back; past it, those cut off are kept. */
const NEAR_CUT_E6 = 85_000_000;

/** Post ids up to this are kept in a typed array (ids are serial); above, in a Map. */
const DENSE_IDS = 2 ** 26;

/** The first slot of each post's points, by post id. */
class PostSlots {
  private dense = new Int32Array(1024).fill(EMPTY);
  private readonly sparse = new Map<number, number>();
  size = 0;

  get bytes(): number {
    return this.dense.byteLength;
  }

  get(id: number): number {
    if (id >= 0 && id < DENSE_IDS) return id < this.dense.length ? this.dense[id]! : EMPTY;
    return this.sparse.get(id) ?? EMPTY;
  }

  set(id: number, slot: number): void {
    if (this.get(id) === EMPTY && slot !== EMPTY) this.size++;
    else if (this.get(id) !== EMPTY && slot === EMPTY) this.size--;
    if (id < 0 || id >= DENSE_IDS) {
      if (slot === EMPTY) this.sparse.delete(id);
      else this.sparse.set(id, slot);
      return;
    }
    if (id >= this.dense.length) {
      const dense = new Int32Array(Math.min(DENSE_IDS, Math.max(id + 1, this.dense.length * 2))).fill(EMPTY);
      dense.set(this.dense);
      this.dense = dense;
    }
    this.dense[id] = slot;
  }
}

/**
 * One zoom's cells: an open-addressing table of cell numbers, looked up by cell key
 * (cx * side + cy) through `cellKey`, and the cells' columns.
 */
class Level {
  slots = new Int32Array(0);
  count = new Int32Array(16);
  sumX = new Float64Array(16);
  sumY = new Float64Array(16);
  /** The point slots in the cell xor-ed together: a cell of one point names it. */
  slotXor = new Int32Array(16);
  cellKey = new Float64Array(16);
  cells = 0;
  /** Built: from now on the columns grow by an eighth, not double. */
  private fitted = false;

  constructor(
    readonly side: number,
    expected = 32,
  ) {
    let size = 64;
    while (size < expected * 2) size *= 2;
    this.count = new Int32Array(Math.max(16, expected));
    this.sumX = new Float64Array(this.count.length);
    this.sumY = new Float64Array(this.count.length);
    this.slotXor = new Int32Array(this.count.length);
    this.cellKey = new Float64Array(this.count.length);
    this.rehash(size);
  }

  private hash(key: number): number {
    const lo = key >>> 0;
    const hi = Math.floor(key / 4294967296);
    return (Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> 0) & (this.slots.length - 1);
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size).fill(EMPTY);
    for (let c = 0; c < this.cells; c++) this.place(this.cellKey[c]!, c);
  }

  private place(key: number, cell: number): void {
    let h = this.hash(key);
    while (this.slots[h] !== EMPTY) h = (h + 1) & (this.slots.length - 1);
    this.slots[h] = cell;
  }

  /** The cell of `key`, or -1. */
  find(key: number): number {
    let h = this.hash(key);
    for (;;) {
      const cell = this.slots[h]!;
      if (cell === EMPTY || this.cellKey[cell] === key) return cell;
      h = (h + 1) & (this.slots.length - 1);
    }
  }

  /** The cell of `key`, made empty when new. Emptied cells stay in the table and are reused. */
  cell(key: number): number {
    const found = this.find(key);
    if (found !== EMPTY) return found;
    if (this.cells === this.count.length) this.grow();
    const cell = this.cells++;
    this.cellKey[cell] = key;
    this.count[cell] = 0;
    this.sumX[cell] = 0;
    this.sumY[cell] = 0;
    this.slotXor[cell] = 0;
    if (this.cells * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(key, cell);
    return cell;
  }

  /** Bytes its table and columns take. */
  get bytes(): number {
    return [this.slots, this.count, this.sumX, this.sumY, this.slotXor, this.cellKey].reduce((sum, column) => sum + column.byteLength, 0);
  }

  /** Columns sized for the cells in use and an eighth more (after a build). */
  fit(): void {
    this.fitted = true;
    this.resize(grown(this.cells));
  }

  private grow(): void {
    const n = this.count.length;
    this.resize(this.fitted ? grown(n) : n * 2);
  }

  private resize(size: number): void {
    if (size === this.count.length) return;
    const widen = <T extends Int32Array | Float64Array>(from: T, make: (n: number) => T): T => {
      const to = make(size);
      to.set(from.subarray(0, Math.min(size, from.length)));
      return to;
    };
    this.count = widen(this.count, (n) => new Int32Array(n));
    this.sumX = widen(this.sumX, (n) => new Float64Array(n));
    this.sumY = widen(this.sumY, (n) => new Float64Array(n));
    this.slotXor = widen(this.slotXor, (n) => new Int32Array(n));
    this.cellKey = widen(this.cellKey, (n) => new Float64Array(n));
  }
}

/**
 * The index of one filter set's points. Slots hold the points; a post's points are chained from
 * `first` (by post id) through `nextOfPost`, a leaf cell's through `nextInCell`.
 */
export class GridIndex {
  private readonly levels: Level[] = [];
  /**
   * Mercator, in [0, SCALE]. A point's longitude and latitude follow from them (`lonE6Of`): keeping
   * them too took 8 MB more at a million points (issue 22).
   */
  private x = new Int32Array(0);
  private y = new Int32Array(0);
  private ids = new Int32Array(0);
  private forms = new Int32Array(0);
  private nextInCell = new Int32Array(0);
  private prevInCell = new Int32Array(0);
  private nextOfPost = new Int32Array(0);
  /** The head of each leaf cell's chain of slots. */
  private head = new Int32Array(16).fill(EMPTY);
  private readonly first = new PostSlots();
  /** The coordinates, in 1e-6 degrees, of the points that mercator cannot give back: those past about ±85.05° of latitude. */
  private readonly cutOff = new Map<number, [number, number]>();
  private free: number[] = [];
  private used = 0;
  private live = 0;
  /** The smallest and largest mercator x and y of every point (north is the smallest y). */
  private extent: Bbox | null = null;
  private extentStale = false;

  constructor(
    private readonly radius: number,
    points?: GridPoints,
  ) {
    const perTile = Math.max(1, Math.floor(WORLD_PX / Math.max(1, radius)));
    // The street-level zoom's table sized for the points to come (it has up to a cell per point); the others grow.
    const expected = points?.ids.length ?? 0;
    for (let z = 0; z <= GRID_MAX_ZOOM; z++) this.levels.push(new Level(perTile * 2 ** z, z === GRID_MAX_ZOOM ? expected >>> 2 : 32));
    if (points) this.load(points);
  }

  /** Points indexed. */
  get points(): number {
    return this.live;
  }

  /** Posts those points are of. */
  get posts(): number {
    return this.first.size;
  }

  /** Bytes its columns take. */
  get bytes(): number {
    const columns = [this.x, this.y, this.ids, this.forms, this.nextInCell, this.prevInCell, this.nextOfPost, this.head];
    const levels = this.levels.reduce((sum, level) => sum + level.bytes, this.first.bytes);
    return columns.reduce((sum, column) => sum + column.byteLength, levels);
  }

  /** West, south, east, north of every point; null when there are none. */
  bounds(): Bbox | null {
    if (this.extentStale) {
      this.extentStale = false;
      this.extent = null;
      for (let s = 0; s < this.used; s++) if (this.ids[s] !== EMPTY) this.widen(s);
    }
    if (!this.extent) return null;
    const [x0, y0, x1, y1] = this.extent;
    const box: Bbox = [lonE6Of(x0), latE6Of(y1), lonE6Of(x1), latE6Of(y0)];
    for (const [lon, lat] of this.cutOff.values()) {
      [box[0], box[2]] = [Math.min(box[0], lon), Math.max(box[2], lon)];
      [box[1], box[3]] = [Math.min(box[1], lat), Math.max(box[3], lat)];
    }
    return box.map((v) => v / MICRO) as Bbox;
  }

  /** Every point of the posts `removed` goes, then `added` come in. */
  update(removed: Iterable<number>, added: GridPoints): void {
    for (const id of removed) this.removePost(id);
    for (let k = 0; k < added.ids.length; k++) this.add(added.lonE6[k]!, added.latE6[k]!, added.ids[k]!, added.forms[k]!);
  }

  /** Clusters and points of a viewport at a zoom (any zoom above the grid's gives points alone). */
  query([west, south, east, north]: Bbox, zoom: number): GridHit[] {
    const z = Math.floor(zoom);
    const hits: GridHit[] = [];
    if (east - west >= 360) [west, east] = [-180, 180];
    else if (west > east) return [...this.query([west, south, 180, north], zoom), ...this.query([-180, south, east, north], zoom)];
    else [west, east] = [Math.max(-180, west), Math.min(180, east)];
    const [x0, x1] = [mercX(west), mercX(east)];
    // A viewport to the map's edge takes in the points past it too (drawn at the edge).
    const [y0, y1] = [north >= MERCATOR_EDGE ? 0 : mercY(north), south <= -MERCATOR_EDGE ? SCALE : mercY(south)];
    if (z > GRID_MAX_ZOOM) {
      this.cellsIn(GRID_MAX_ZOOM, x0, y0, x1, y1, (cell) => {
        for (let s = this.head[cell]!; s !== EMPTY; s = this.nextInCell[s]!)
          if (this.x[s]! >= x0 && this.x[s]! <= x1 && this.y[s]! >= y0 && this.y[s]! <= y1) hits.push(this.pointHit(s));
      });
      return hits;
    }
    const zz = Math.max(0, z);
    const level = this.levels[zz]!;
    const cells: number[] = [];
    this.cellsIn(zz, x0, y0, x1, y1, (cell) => {
      const n = level.count[cell]!;
      const [cx, cy] =
        n === 1 ? [this.x[level.slotXor[cell]!]!, this.y[level.slotXor[cell]!]!] : [level.sumX[cell]! / n, level.sumY[cell]! / n];
      if (cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1) cells.push(cell);
    });
    return this.merged(zz, cells);
  }

  /**
   * The features of a zoom's cells in a viewport. Two cells side by side may hold points a few pixels
   * apart, whose markers would cover each other: the biggest cluster first takes in every feature of
   * the cells around it within the radius, as supercluster's greedy pass does. The order depends on
   * the cells alone (count, then key), so an index kept up to date answers as one built afresh.
   */
  private merged(z: number, cells: number[]): GridHit[] {
    const level = this.levels[z]!;
    const n = (c: number) => level.count[c]!;
    const cx = (c: number) => (n(c) === 1 ? this.x[level.slotXor[c]!]! : level.sumX[c]! / n(c));
    const cy = (c: number) => (n(c) === 1 ? this.y[level.slotXor[c]!]! : level.sumY[c]! / n(c));
    cells.sort((a, b) => n(b) - n(a) || level.cellKey[a]! - level.cellKey[b]!);
    const at = new Map<number, number>();
    cells.forEach((cell, i) => at.set(level.cellKey[cell]!, i));
    const taken = new Uint8Array(cells.length);
    const reach = (this.radius * SCALE) / (WORLD_PX * 2 ** z);
    const hits: GridHit[] = [];
    for (let i = 0; i < cells.length; i++) {
      if (taken[i]) continue;
      taken[i] = 1;
      const cell = cells[i]!;
      const key = level.cellKey[cell]!;
      const [kx, ky] = [Math.floor(key / level.side), key % level.side];
      let [count, sumX, sumY, parts] = [n(cell), cx(cell) * n(cell), cy(cell) * n(cell), 1];
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++) {
          const j = at.get((kx + dx) * level.side + (ky + dy));
          if (j === undefined || taken[j] || kx + dx < 0 || ky + dy < 0 || kx + dx >= level.side || ky + dy >= level.side) continue;
          const other = cells[j]!;
          if (Math.hypot(cx(other) - cx(cell), cy(other) - cy(cell)) > reach) continue;
          taken[j] = 1;
          [count, sumX, sumY, parts] = [count + n(other), sumX + cx(other) * n(other), sumY + cy(other) * n(other), parts + 1];
        }
      if (count === 1) hits.push(this.pointHit(level.slotXor[cell]!));
      else {
        // A cluster of several cells splits at the next zoom; one of a single cell where its points first fall apart.
        const expansion = parts > 1 ? z + 1 : this.expansion(z, key);
        hits.push({ lon: lonOf(sumX / count), lat: latOf(sumY / count), id: -1, form: -1, count, expansion });
      }
    }
    return hits;
  }

  private pointHit(s: number): GridHit {
    const [lon, lat] = this.cutOff.get(s) ?? [lonE6Of(this.x[s]!), latE6Of(this.y[s]!)];
    return { lon: lon / MICRO, lat: lat / MICRO, id: this.ids[s]!, form: this.forms[s]!, count: 1, expansion: 0 };
  }

  /** Calls `visit` with each non-empty cell of zoom `z` that the box touches. */
  private cellsIn(z: number, x0: number, y0: number, x1: number, y1: number, visit: (cell: number) => void): void {
    const level = this.levels[z]!;
    const cellOf = (v: number) => Math.min(level.side - 1, Math.floor((v / SCALE) * level.side));
    const [cx0, cx1, cy0, cy1] = [cellOf(x0), cellOf(x1), cellOf(y0), cellOf(y1)];
    // A box of more cells than the zoom has in use is walked through those in use.
    if ((cx1 - cx0 + 1) * (cy1 - cy0 + 1) > level.cells) {
      for (let cell = 0; cell < level.cells; cell++) {
        if (level.count[cell] === 0) continue;
        const key = level.cellKey[cell]!;
        const cx = Math.floor(key / level.side);
        const cy = key - cx * level.side;
        if (cx >= cx0 && cx <= cx1 && cy >= cy0 && cy <= cy1) visit(cell);
      }
      return;
    }
    for (let cx = cx0; cx <= cx1; cx++)
      for (let cy = cy0; cy <= cy1; cy++) {
        const cell = level.find(cx * level.side + cy);
        if (cell !== EMPTY && level.count[cell]! > 0) visit(cell);
      }
  }

  /** The zoom at which the cluster in cell `key` of zoom `z` first falls into several cells. */
  private expansion(z: number, key: number): number {
    let side = this.levels[z]!.side;
    let cx = Math.floor(key / side);
    let cy = key - cx * side;
    for (let zoom = z + 1; zoom <= GRID_MAX_ZOOM; zoom++) {
      const level = this.levels[zoom]!;
      side = level.side;
      let only = -1;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const cell = level.find((cx * 2 + dx) * side + (cy * 2 + dy));
        if (cell === EMPTY || level.count[cell] === 0) continue;
        if (only !== -1) return zoom;
        only = dx * 2 + dy;
      }
      cx = cx * 2 + (only >> 1);
      cy = cy * 2 + (only & 1);
    }
    return GRID_MAX_ZOOM + 1;
  }

  private load(points: GridPoints): void {
    const n = points.ids.length;
    this.reserve(n);
    this.head = new Int32Array(Math.max(16, n)).fill(EMPTY);
    // Leaf cells point by point, then each zoom from the one below it: a cell per cell, not per point.
    const leaf = this.levels[GRID_MAX_ZOOM]!;
    for (let k = 0; k < n; k++) {
      const s = this.take(points.lonE6[k]!, points.latE6[k]!, points.ids[k]!, points.forms[k]!);
      const cell = leaf.cell(this.leafKey(s));
      this.link(s, cell);
      this.addTo(leaf, cell, s, 1);
    }
    for (let z = GRID_MAX_ZOOM - 1; z >= 0; z--) {
      const [below, level] = [this.levels[z + 1]!, this.levels[z]!];
      for (let c = 0; c < below.cells; c++) {
        const key = below.cellKey[c]!;
        const cx = Math.floor(key / below.side);
        const cy = key - cx * below.side;
        const cell = level.cell(Math.floor(cx / 2) * level.side + Math.floor(cy / 2));
        level.count[cell]! += below.count[c]!;
        level.sumX[cell]! += below.sumX[c]!;
        level.sumY[cell]! += below.sumY[c]!;
        level.slotXor[cell]! ^= below.slotXor[c]!;
      }
    }
    for (const level of this.levels) level.fit();
    this.head = this.head.slice(0, grown(leaf.cells));
  }

  private leafKey(s: number): number {
    const side = this.levels[GRID_MAX_ZOOM]!.side;
    const cx = Math.min(side - 1, Math.floor((this.x[s]! / SCALE) * side));
    const cy = Math.min(side - 1, Math.floor((this.y[s]! / SCALE) * side));
    return cx * side + cy;
  }

  private add(lonE6: number, latE6: number, id: number, form: number): void {
    const s = this.take(lonE6, latE6, id, form);
    this.each(s, (level, cell) => this.addTo(level, cell, s, 1));
    this.link(s, this.levels[GRID_MAX_ZOOM]!.find(this.leafKey(s)));
  }

  private removePost(id: number): void {
    let s = this.first.get(id);
    if (s === EMPTY) return;
    this.first.set(id, EMPTY);
    while (s !== EMPTY) {
      const next = this.nextOfPost[s]!;
      this.each(s, (level, cell) => this.addTo(level, cell, s, -1));
      this.unlink(s, this.levels[GRID_MAX_ZOOM]!.find(this.leafKey(s)));
      const [x0, y0, x1, y1] = this.extent!;
      if (this.x[s] === x0 || this.x[s] === x1 || this.y[s] === y0 || this.y[s] === y1 || this.cutOff.has(s)) this.extentStale = true;
      this.cutOff.delete(s);
      this.ids[s] = EMPTY;
      this.free.push(s);
      this.live--;
      s = next;
    }
  }

  /** Calls `visit` with the point's cell at every zoom, made when new. */
  private each(s: number, visit: (level: Level, cell: number) => void): void {
    const leaf = this.levels[GRID_MAX_ZOOM]!;
    const key = this.leafKey(s);
    let cx = Math.floor(key / leaf.side);
    let cy = key - cx * leaf.side;
    for (let z = GRID_MAX_ZOOM; z >= 0; z--) {
      const level = this.levels[z]!;
      visit(level, level.cell(cx * level.side + cy));
      cx = Math.floor(cx / 2);
      cy = Math.floor(cy / 2);
    }
  }

  private addTo(level: Level, cell: number, s: number, sign: 1 | -1): void {
    level.count[cell]! += sign;
    level.sumX[cell]! += sign * this.x[s]!;
    level.sumY[cell]! += sign * this.y[s]!;
    level.slotXor[cell]! ^= s;
  }

  private link(s: number, cell: number): void {
    if (cell >= this.head.length) {
      const head = new Int32Array(Math.max(cell + 1, grown(this.head.length))).fill(EMPTY);
      head.set(this.head);
      this.head = head;
    }
    const first = this.head[cell]!;
    this.nextInCell[s] = first;
    this.prevInCell[s] = EMPTY;
    if (first !== EMPTY) this.prevInCell[first] = s;
    this.head[cell] = s;
  }

  private unlink(s: number, cell: number): void {
    const [prev, next] = [this.prevInCell[s]!, this.nextInCell[s]!];
    if (prev === EMPTY) this.head[cell] = next;
    else this.nextInCell[prev] = next;
    if (next !== EMPTY) this.prevInCell[next] = prev;
  }

  /** A slot for a point (coordinates in 1e-6 degrees), reused or new. */
  private take(lonE6: number, latE6: number, id: number, form: number): number {
    const s = this.free.pop() ?? this.used++;
    if (s >= this.ids.length) this.reserve(this.used);
    this.x[s] = mercX(lonE6 / MICRO);
    this.y[s] = mercY(latE6 / MICRO);
    if (Math.abs(latE6) > NEAR_CUT_E6 && latE6Of(this.y[s]!) !== latE6) this.cutOff.set(s, [lonE6, latE6]);
    this.ids[s] = id;
    this.forms[s] = form;
    this.nextOfPost[s] = this.first.get(id);
    this.first.set(id, s);
    this.live++;
    this.widen(s);
    return s;
  }

  private widen(s: number): void {
    const [x, y] = [this.x[s]!, this.y[s]!];
    const e = this.extent;
    if (!e) this.extent = [x, y, x, y];
    else if (x < e[0] || y < e[1] || x > e[2] || y > e[3])
      this.extent = [Math.min(e[0], x), Math.min(e[1], y), Math.max(e[2], x), Math.max(e[3], y)];
  }

  private reserve(n: number): void {
    if (n <= this.ids.length) return;
    const size = Math.max(n, grown(this.ids.length));
    const i32 = (from: Int32Array) => {
      const to = new Int32Array(size);
      to.set(from);
      return to;
    };
    [this.x, this.y] = [i32(this.x), i32(this.y)];
    [this.ids, this.forms] = [i32(this.ids), i32(this.forms)];
    [this.nextInCell, this.prevInCell, this.nextOfPost] = [i32(this.nextInCell), i32(this.prevInCell), i32(this.nextOfPost)];
  }
}
