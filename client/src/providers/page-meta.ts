import { useEffect } from 'react';

export type PageMeta = { title: string; siteName?: string | null; description?: string | null; keywords?: string; robots?: string };

function setMeta(name: string, content: string | null | undefined) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Page title, description, keywords and robots per screen (spec 1 section 2). */
export function usePageMeta({ title, siteName, description, keywords, robots = 'index, follow' }: PageMeta): void {
  useEffect(() => {
    document.title = siteName ? `${title} · ${siteName}` : title;
    setMeta('description', description);
    setMeta('keywords', keywords);
    setMeta('robots', robots);
  }, [title, siteName, description, keywords, robots]);
}
