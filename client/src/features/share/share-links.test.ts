import { describe, expect, it } from 'vitest';
import { shareLinks } from './share-links';

describe('shareLinks', () => {
  it('shares the page address and embeds the map alone with the same filters', () => {
    const links = shareLinks(new URL('https://map.example.org/views/data?status=published&form=3'), 'Flood & "watch"');
    expect(links.address).toBe('https://map.example.org/views/data?status=published&form=3');
    expect(links.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fmap.example.org%2Fviews%2Fdata%3Fstatus%3Dpublished%26form%3D3',
    );
    expect(links.twitter).toContain('https://twitter.com/intent/tweet?url=https%3A%2F%2Fmap.example.org');
    expect(links.twitter).toContain('&text=Flood%20%26%20%22watch%22');
    expect(links.embedSrc).toBe('https://map.example.org/map/noui?status=published&form=3');
    expect(links.embed).toBe(
      '<iframe src="https://map.example.org/map/noui?status=published&amp;form=3" title="Flood &amp; &quot;watch&quot;" width="100%" height="450" style="border:0" loading="lazy"></iframe>',
    );
  });
});
