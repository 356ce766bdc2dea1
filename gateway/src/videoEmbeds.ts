// CMS video elements (Shopware's youtube-video and vimeo-video) in their privacy-enhanced players: YouTube's
// no-cookie domain and Vimeo's do-not-track mode. The embed URL is built here from a checked video id, never taken
// from the CMS as it is; the page's CSP allows frames from these origins only (server/securityHeaders.ts).

export const VIDEO_PROVIDERS = ['youtube', 'vimeo'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

/** The origins the players are framed from. */
export const VIDEO_EMBED_ORIGINS: Record<VideoProvider, string> = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
};

/** The provider's name as shoppers know it (a proper name: not translated). */
export const VIDEO_PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

const VIDEO_ID: Record<VideoProvider, RegExp> = {
  youtube: /^[A-Za-z0-9_-]{11}$/,
  vimeo: /^[0-9]{1,12}$/,
};

/** The provider of a Shopware element type ('youtube-video' → youtube), or null. */
export function videoProviderOf(elementType: string): VideoProvider | null {
  if (elementType === 'youtube-video') return 'youtube';
  if (elementType === 'vimeo-video') return 'vimeo';
  return null;
}

/** The privacy-enhanced player's URL for a video id, or null when the id is not one of the provider's. */
export function videoEmbedUrl(provider: VideoProvider, videoId: unknown): string | null {
  if (typeof videoId !== 'string' || !VIDEO_ID[provider].test(videoId)) return null;
  // Playing starts at once: the player is only loaded when the shopper asked for it.
  return provider === 'youtube'
    ? `${VIDEO_EMBED_ORIGINS.youtube}/embed/${videoId}?autoplay=1&rel=0`
    : `${VIDEO_EMBED_ORIGINS.vimeo}/video/${videoId}?dnt=1&autoplay=1`;
}
