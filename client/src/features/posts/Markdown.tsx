import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

/** Markdown as HTML, sanitised: no script, event handler or `javascript:` link ever reaches the page. */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'] });
}

export function Markdown({ text, className = 'markdown' }: { text: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // Sanitised just above by DOMPurify.
  // dir="auto": what people write keeps its own direction whatever the interface language is.
  return <div className={className} dir="auto" dangerouslySetInnerHTML={{ __html: html }} />;
}
