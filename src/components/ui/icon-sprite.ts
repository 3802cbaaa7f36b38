import * as badgeCheck from 'lucide-react/icons/badge-check';
import * as calendarDays from 'lucide-react/icons/calendar-days';
import * as check from 'lucide-react/icons/check';
import * as chevronLeft from 'lucide-react/icons/chevron-left';
import * as chevronRight from 'lucide-react/icons/chevron-right';
import * as chevronsLeft from 'lucide-react/icons/chevrons-left';
import * as chevronsRight from 'lucide-react/icons/chevrons-right';
import * as checkCircle2 from 'lucide-react/icons/circle-check';
import * as xCircle from 'lucide-react/icons/circle-x';
import * as clock from 'lucide-react/icons/clock';
import * as download from 'lucide-react/icons/download';
import * as externalLink from 'lucide-react/icons/external-link';
import * as eye from 'lucide-react/icons/eye';
import * as footprints from 'lucide-react/icons/footprints';
import * as globe from 'lucide-react/icons/globe';
import * as heart from 'lucide-react/icons/heart';
import * as images from 'lucide-react/icons/images';
import * as mail from 'lucide-react/icons/mail';
import * as mapPin from 'lucide-react/icons/map-pin';
import * as mapPinned from 'lucide-react/icons/map-pinned';
import * as megaphone from 'lucide-react/icons/megaphone';
import * as menu from 'lucide-react/icons/menu';
import * as messageCircle from 'lucide-react/icons/message-circle';
import * as messageSquare from 'lucide-react/icons/message-square';
import * as minus from 'lucide-react/icons/minus';
import * as pencil from 'lucide-react/icons/pencil';
import * as phone from 'lucide-react/icons/phone';
import * as plus from 'lucide-react/icons/plus';
import * as presentation from 'lucide-react/icons/presentation';
import * as repeat from 'lucide-react/icons/repeat';
import * as send from 'lucide-react/icons/send';
import * as star from 'lucide-react/icons/star';
import * as store from 'lucide-react/icons/store';
import * as tag from 'lucide-react/icons/tag';
import * as ticket from 'lucide-react/icons/ticket';
import * as triangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import * as userRound from 'lucide-react/icons/user-round';
import * as users from 'lucide-react/icons/users';
import * as wallet from 'lucide-react/icons/wallet';
import * as x from 'lucide-react/icons/x';

// The icons the server renders (src/components/ui/icons.tsx), as one SVG sprite the browser fetches
// once (GET /api/icons.svg) and caches; a page refers to a symbol by name instead of carrying its paths.

interface IconData {
  name: string;
  node: [string, Record<string, string>][];
}

const data = (module: unknown) => (module as { __iconData: IconData }).__iconData;

/** lucide's drawing of each icon, by its name. */
export const iconNodes: ReadonlyMap<string, IconData['node']> = new Map(
  [
    badgeCheck,
    calendarDays,
    check,
    checkCircle2,
    chevronLeft,
    chevronRight,
    chevronsLeft,
    chevronsRight,
    clock,
    download,
    externalLink,
    eye,
    footprints,
    globe,
    heart,
    images,
    mail,
    mapPin,
    mapPinned,
    megaphone,
    menu,
    messageCircle,
    messageSquare,
    minus,
    pencil,
    phone,
    plus,
    presentation,
    repeat,
    send,
    star,
    store,
    tag,
    ticket,
    triangleAlert,
    userRound,
    users,
    wallet,
    x,
    xCircle,
  ].map((module) => {
    const icon = data(module);
    return [icon.name, icon.node];
  }),
);

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The sprite: one <symbol> per icon, drawn as lucide draws it. */
export const spriteSvg = `<svg xmlns="http://www.w3.org/2000/svg">${[...iconNodes]
  .map(
    ([name, node]) =>
      `<symbol id="${name}" viewBox="0 0 24 24">${node
        .map(
          ([tag, { key: _key, ...attrs }]) =>
            `<${tag} ${Object.entries(attrs)
              .map(([attr, value]) => `${attr}="${escapeXml(String(value))}"`)
              .join(' ')}/>`,
        )
        .join('')}</symbol>`,
  )
  .join('')}</svg>`;

/** Changes whenever the drawings do, so the sprite's address can be cached for good (FNV-1a). */
export const spriteVersion = (() => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < spriteSvg.length; i++) {
    hash ^= spriteSvg.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
})();

export const spriteUrl = `/api/icons.svg?v=${spriteVersion}`;
