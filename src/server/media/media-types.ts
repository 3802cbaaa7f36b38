// Keys are flat "folder/name.ext" paths of safe characters; anything else is refused so a key can
// never walk out of the storage root (a folder on disk, a bucket's namespace).
const keyPattern = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)+$/i;

export function isValidKey(key: string): boolean {
  return keyPattern.test(key) && !key.includes('..');
}

// One table for every store and the /media route: a stored object's content type follows its key's
// extension, and a key of any other extension is never served.
const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

/** The content type of a media key ("logo/ab12.webp" → "image/webp"), or null for an unknown extension. */
export function mediaContentType(key: string): string | null {
  const dot = key.lastIndexOf('.');
  if (dot < 0) return null;
  return contentTypes[key.slice(dot + 1).toLowerCase()] ?? null;
}

// Keys are content-addressed (a changed picture gets a new name), so an object never changes under its name.
export const mediaCacheControl = 'public, max-age=31536000, immutable';
