import type { SVGProps } from 'react';
import { spriteUrl } from './sprite-url';

// lucide-react's icons are client components: in a server component each one became a client reference
// whose path data travelled in the page's payload and was hydrated in the browser (96 on the home page),
// and in a client component they bring lucide's runtime (about 1.7 KB gzip) into the page's first load.
// These are plain SVG elements that point at a symbol of the cached sprite (icon-sprite.ts), the same
// drawing at a fraction of the bytes, for server and client components alike. This module must not
// import the sprite itself: its drawings would then travel with every client component.

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref' | 'children'> & { size?: number | string };

/** Any of the icons below. */
export type StaticIcon = (props: IconProps) => React.JSX.Element;

/** One icon of the sprite (its name must be one the sprite holds: icons.test.ts), decorative unless named (as lucide-react does). */
export function SpriteIcon({ name, size = 24, className, ...rest }: IconProps & { name: string }) {
  const named = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined || rest.role;
  return (
    <svg
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
      aria-hidden={named ? undefined : true}
      role={named && !rest.role ? 'img' : undefined}
      {...rest}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

export const MapPin = (props: IconProps) => <SpriteIcon name="map-pin" {...props} />;
export const Repeat = (props: IconProps) => <SpriteIcon name="repeat" {...props} />;
export const Share2 = (props: IconProps) => <SpriteIcon name="share-2" {...props} />;
export const CalendarDays = (props: IconProps) => <SpriteIcon name="calendar-days" {...props} />;
export const ExternalLink = (props: IconProps) => <SpriteIcon name="external-link" {...props} />;
export const ChevronRight = (props: IconProps) => <SpriteIcon name="chevron-right" {...props} />;
export const Star = (props: IconProps) => <SpriteIcon name="star" {...props} />;
export const Plus = (props: IconProps) => <SpriteIcon name="plus" {...props} />;
export const Minus = (props: IconProps) => <SpriteIcon name="minus" {...props} />;
export const MessageCircle = (props: IconProps) => <SpriteIcon name="message-circle" {...props} />;
export const Mail = (props: IconProps) => <SpriteIcon name="mail" {...props} />;
export const Download = (props: IconProps) => <SpriteIcon name="download" {...props} />;
export const ChevronLeft = (props: IconProps) => <SpriteIcon name="chevron-left" {...props} />;
export const Check = (props: IconProps) => <SpriteIcon name="check" {...props} />;
export const BadgeCheck = (props: IconProps) => <SpriteIcon name="badge-check" {...props} />;
export const X = (props: IconProps) => <SpriteIcon name="x" {...props} />;
export const Wallet = (props: IconProps) => <SpriteIcon name="wallet" {...props} />;
export const Users = (props: IconProps) => <SpriteIcon name="users" {...props} />;
export const UserRound = (props: IconProps) => <SpriteIcon name="user-round" {...props} />;
export const TriangleAlert = (props: IconProps) => (
  <SpriteIcon name="triangle-exclamation-point" {...props} />
);
export const Ticket = (props: IconProps) => <SpriteIcon name="ticket" {...props} />;
export const Tag = (props: IconProps) => <SpriteIcon name="tag" {...props} />;
export const Store = (props: IconProps) => <SpriteIcon name="store" {...props} />;
export const Send = (props: IconProps) => <SpriteIcon name="send" {...props} />;
export const Presentation = (props: IconProps) => <SpriteIcon name="presentation" {...props} />;
export const Phone = (props: IconProps) => <SpriteIcon name="phone" {...props} />;
export const Pencil = (props: IconProps) => <SpriteIcon name="pencil" {...props} />;
export const MessageSquare = (props: IconProps) => <SpriteIcon name="message-square" {...props} />;
export const Menu = (props: IconProps) => <SpriteIcon name="menu" {...props} />;
export const Megaphone = (props: IconProps) => <SpriteIcon name="megaphone" {...props} />;
export const MapPinned = (props: IconProps) => <SpriteIcon name="map-pinned" {...props} />;
export const Images = (props: IconProps) => <SpriteIcon name="images" {...props} />;
export const Heart = (props: IconProps) => <SpriteIcon name="heart" {...props} />;
export const Globe = (props: IconProps) => <SpriteIcon name="globe" {...props} />;
export const Footprints = (props: IconProps) => <SpriteIcon name="footprints" {...props} />;
export const Eye = (props: IconProps) => <SpriteIcon name="eye" {...props} />;
export const Clock = (props: IconProps) => <SpriteIcon name="clock" {...props} />;
export const ChevronsRight = (props: IconProps) => <SpriteIcon name="chevrons-right" {...props} />;
export const ChevronsLeft = (props: IconProps) => <SpriteIcon name="chevrons-left" {...props} />;
export const CheckCircle2 = (props: IconProps) => <SpriteIcon name="circle-check" {...props} />;
export const XCircle = (props: IconProps) => <SpriteIcon name="circle-x" {...props} />;
export const Trash2 = (props: IconProps) => <SpriteIcon name="trash" {...props} />;
export const CircleDashed = (props: IconProps) => <SpriteIcon name="circle-dashed" {...props} />;
export const Pause = (props: IconProps) => <SpriteIcon name="pause" {...props} />;
export const Play = (props: IconProps) => <SpriteIcon name="play" {...props} />;
export const Link2 = (props: IconProps) => <SpriteIcon name="link-2" {...props} />;
export const CalendarCheck = (props: IconProps) => <SpriteIcon name="calendar-check" {...props} />;
export const CalendarPlus = (props: IconProps) => <SpriteIcon name="calendar-plus" {...props} />;
export const CalendarX = (props: IconProps) => <SpriteIcon name="calendar-x" {...props} />;
export const ChevronDown = (props: IconProps) => <SpriteIcon name="chevron-down" {...props} />;
export const Bell = (props: IconProps) => <SpriteIcon name="bell" {...props} />;
export const CircleUser = (props: IconProps) => <SpriteIcon name="circle-user" {...props} />;
export const LocateFixed = (props: IconProps) => <SpriteIcon name="locate-fixed" {...props} />;
export const SlidersHorizontal = (props: IconProps) => <SpriteIcon name="sliders-horizontal" {...props} />;
export const Navigation = (props: IconProps) => <SpriteIcon name="navigation" {...props} />;
export const ArrowLeft = (props: IconProps) => <SpriteIcon name="arrow-left" {...props} />;
export const Reply = (props: IconProps) => <SpriteIcon name="reply" {...props} />;
export const Flag = (props: IconProps) => <SpriteIcon name="flag" {...props} />;
export const Code = (props: IconProps) => <SpriteIcon name="code" {...props} />;
export const CalendarSync = (props: IconProps) => <SpriteIcon name="calendar-sync" {...props} />;
export const EyeOff = (props: IconProps) => <SpriteIcon name="eye-off" {...props} />;
export const Search = (props: IconProps) => <SpriteIcon name="search" {...props} />;

/**
 * Issue 30: an attribute's icon, by its lucide name: one of src/lib/attribute-icons.ts, which the API
 * allows alone and the sprite draws (the list itself stays out of this module and the pages' scripts).
 */
export function AttributeIcon({ name, ...props }: IconProps & { name: string }) {
  return <SpriteIcon name={name || 'check'} {...props} />;
}
