// Framework-free: the screen and its static boot (staticGuestTip.ts) name the creator the same way.

/** A creator as GET /api/config names the featured one. */
export interface NamedCreator {
  handle: string;
  displayName: string;
}

/** Who is being tipped: the link's creator (with their name when it is the featured one), else the featured one. */
export function creatorLabel(linkHandle: string | null, featured: NamedCreator | null): string | null {
  if (linkHandle)
    return linkHandle === featured?.handle ? `${featured.displayName} (@${linkHandle})` : `@${linkHandle}`;
  return featured ? `${featured.displayName} (@${featured.handle})` : null;
}
