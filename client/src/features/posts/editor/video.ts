import { isVideoUrl } from '@platform/shared';

const YOUTUBE_ID = /^[\w-]{6,20}$/;
const VIMEO_ID = /^\d{3,12}$/;

function parse(text: string): URL | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  try {
    return new URL(/^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
}

/**
 * The player address for a YouTube (watch, short link, embed, shorts) or Vimeo (page or player)
 * address, for the preview (spec 2 section 4 "Video URL"); null when there is nothing to embed.
 */
export function videoEmbedUrl(text: string): string | null {
  if (!isVideoUrl(text)) return null;
  const url = parse(text);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^www\.|^m\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = parts[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') youtube = url.searchParams.get('v');
    else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'v' || parts[0] === 'live') youtube = parts[1] ?? null;
  }
  if (youtube !== null) return YOUTUBE_ID.test(youtube) ? `https://www.youtube.com/embed/${youtube}` : null;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = [...parts].reverse().find((p) => VIMEO_ID.test(p));
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}
