/** The addresses the share modal offers (spec 2 screen 18), from the page's own address. */
export function shareLinks(page: URL, siteName: string) {
  const address = page.href;
  // The embedded map keeps the filters of the address: they live in its search params.
  const embedSrc = new URL(`/map/noui${page.search}`, page.origin).href;
  const escaped = embedSrc.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const title = siteName.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return {
    address,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(address)}`,
    twitter: `https://twitter.com/intent/tweet?url=${encodeURIComponent(address)}&text=${encodeURIComponent(siteName)}`,
    embedSrc,
    embed: `<iframe src="${escaped}" title="${title}" width="100%" height="450" style="border:0" loading="lazy"></iframe>`,
  };
}
