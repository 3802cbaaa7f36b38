// Issue 30: the attribute catalogue's icons (src/lib/attribute-icons.ts).
import * as attrAccessibility from 'lucide-react/icons/accessibility';
import * as attrArmchair from 'lucide-react/icons/armchair';
import * as arrowLeft from 'lucide-react/icons/arrow-left';
import * as attrBaby from 'lucide-react/icons/baby';
import * as badgeCheck from 'lucide-react/icons/badge-check';
import * as bell from 'lucide-react/icons/bell';
import * as attrBike from 'lucide-react/icons/bike';
import * as attrBrain from 'lucide-react/icons/brain';
import * as attrBus from 'lucide-react/icons/bus';
import * as calendarCheck from 'lucide-react/icons/calendar-check';
import * as calendarDays from 'lucide-react/icons/calendar-days';
import * as calendarPlus from 'lucide-react/icons/calendar-plus';
import * as calendarSync from 'lucide-react/icons/calendar-sync';
import * as calendarX from 'lucide-react/icons/calendar-x';
import * as check from 'lucide-react/icons/check';
import * as chevronDown from 'lucide-react/icons/chevron-down';
import * as chevronLeft from 'lucide-react/icons/chevron-left';
import * as chevronRight from 'lucide-react/icons/chevron-right';
import * as chevronsLeft from 'lucide-react/icons/chevrons-left';
import * as chevronsRight from 'lucide-react/icons/chevrons-right';
import * as checkCircle2 from 'lucide-react/icons/circle-check';
import * as circleDashed from 'lucide-react/icons/circle-dashed';
import * as circleUser from 'lucide-react/icons/circle-user';
import * as xCircle from 'lucide-react/icons/circle-x';
import * as clock from 'lucide-react/icons/clock';
import * as code from 'lucide-react/icons/code';
import * as attrCoffee from 'lucide-react/icons/coffee';
import * as attrDog from 'lucide-react/icons/dog';
import * as download from 'lucide-react/icons/download';
import * as attrEar from 'lucide-react/icons/ear';
import * as externalLink from 'lucide-react/icons/external-link';
import * as eye from 'lucide-react/icons/eye';
import * as eyeOff from 'lucide-react/icons/eye-off';
import * as attrSmile from 'lucide-react/icons/face-slightly-smiling';
import * as flag from 'lucide-react/icons/flag';
import * as footprints from 'lucide-react/icons/footprints';
import * as attrGlasses from 'lucide-react/icons/glasses';
import * as globe from 'lucide-react/icons/globe';
import * as attrHandHelping from 'lucide-react/icons/hand-helping';
import * as heading3 from 'lucide-react/icons/heading-3';
import * as heart from 'lucide-react/icons/heart';
import * as attrHeartHandshake from 'lucide-react/icons/heart-handshake';
import * as images from 'lucide-react/icons/images';
import * as italic from 'lucide-react/icons/italic';
import * as bold from 'lucide-react/icons/letter-b';
import * as link from 'lucide-react/icons/link';
import * as link2 from 'lucide-react/icons/link-2';
import * as list from 'lucide-react/icons/list';
import * as listOrdered from 'lucide-react/icons/list-ordered';
import * as locateFixed from 'lucide-react/icons/locate-fixed';
import * as mail from 'lucide-react/icons/mail';
import * as mapPin from 'lucide-react/icons/map-pin';
import * as mapPinned from 'lucide-react/icons/map-pinned';
import * as megaphone from 'lucide-react/icons/megaphone';
import * as menu from 'lucide-react/icons/menu';
import * as messageCircle from 'lucide-react/icons/message-circle';
import * as messageSquare from 'lucide-react/icons/message-square';
import * as minus from 'lucide-react/icons/minus';
import * as navigation from 'lucide-react/icons/navigation';
import * as pause from 'lucide-react/icons/pause';
import * as attrPawPrint from 'lucide-react/icons/paw-print';
import * as pencil from 'lucide-react/icons/pencil';
import * as phone from 'lucide-react/icons/phone';
import * as play from 'lucide-react/icons/play';
import * as plus from 'lucide-react/icons/plus';
import * as presentation from 'lucide-react/icons/presentation';
import * as repeat from 'lucide-react/icons/repeat';
import * as reply from 'lucide-react/icons/reply';
import * as scanLine from 'lucide-react/icons/scan-line';
import * as search from 'lucide-react/icons/search';
import * as send from 'lucide-react/icons/send';
import * as share2 from 'lucide-react/icons/share-2';
import * as attrShowerHead from 'lucide-react/icons/shower-head';
import * as slidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import * as attrSquareParking from 'lucide-react/icons/square-letter-p';
import * as star from 'lucide-react/icons/star';
import * as store from 'lucide-react/icons/store';
import * as attrSun from 'lucide-react/icons/sun';
import * as tag from 'lucide-react/icons/tag';
import * as ticket from 'lucide-react/icons/ticket';
import * as attrToilet from 'lucide-react/icons/toilet';
import * as trash from 'lucide-react/icons/trash';
import * as attrTrees from 'lucide-react/icons/trees';
import * as triangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import * as attrUmbrella from 'lucide-react/icons/umbrella';
import * as unlink from 'lucide-react/icons/unlink';
import * as userRound from 'lucide-react/icons/user-round';
import * as users from 'lucide-react/icons/users';
import * as attrUtensils from 'lucide-react/icons/utensils';
import * as attrVolumeX from 'lucide-react/icons/volume-x';
import * as wallet from 'lucide-react/icons/wallet';
import * as attrWifi from 'lucide-react/icons/wifi';
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
    arrowLeft,
    // Issue 31: the description editor's toolbar.
    bold,
    italic,
    heading3,
    link,
    list,
    listOrdered,
    unlink,
    badgeCheck,
    bell,
    calendarCheck,
    calendarDays,
    calendarPlus,
    calendarSync,
    calendarX,
    check,
    checkCircle2,
    chevronDown,
    chevronLeft,
    chevronRight,
    chevronsLeft,
    chevronsRight,
    circleDashed,
    circleUser,
    clock,
    code,
    download,
    externalLink,
    eye,
    eyeOff,
    flag,
    footprints,
    globe,
    heart,
    images,
    link2,
    locateFixed,
    mail,
    mapPin,
    mapPinned,
    megaphone,
    menu,
    messageCircle,
    messageSquare,
    minus,
    navigation,
    pause,
    pencil,
    phone,
    play,
    plus,
    presentation,
    repeat,
    reply,
    scanLine,
    search,
    send,
    share2,
    slidersHorizontal,
    star,
    store,
    tag,
    ticket,
    trash,
    triangleAlert,
    userRound,
    users,
    wallet,
    x,
    xCircle,
    attrAccessibility,
    attrToilet,
    attrEar,
    attrHandHelping,
    attrBrain,
    attrVolumeX,
    attrGlasses,
    attrSmile,
    attrBaby,
    attrHeartHandshake,
    attrSquareParking,
    attrPawPrint,
    attrDog,
    attrTrees,
    attrSun,
    attrUmbrella,
    attrBike,
    attrBus,
    attrWifi,
    attrUtensils,
    attrCoffee,
    attrArmchair,
    attrShowerHead,
  ]
    .map((module): [string, IconData['node']] => {
      const icon = data(module);
      return [icon.name, icon.node];
    })
    .concat(
      // The attribute catalogue stores lucide's older names of two icons, now aliases of these drawings.
      [
        ['smile', data(attrSmile).node],
        ['square-parking', data(attrSquareParking).node],
      ],
    ),
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

/**
 * The drawings' fingerprint (FNV-1a), which `spriteVersion` (sprite-url.ts) must equal: the sprite's
 * address changes with its drawings, so browsers may cache it for good.
 */
export function spriteFingerprint(svg = spriteSvg): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < svg.length; i++) {
    hash ^= svg.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
