import type { PostStatus } from '@platform/shared';
import type { LucideIcon, LucideProps } from 'lucide-react';
import { Archive, Bird, CircleCheck, Clock, Globe, Mail, MessageCircle, MessageSquare } from 'lucide-react';

/*
 * The product's icon set: lucide icons, imported by name so the bundle holds only these. An icon
 * beside visible text is decorative (aria-hidden); an icon alone gets its name from its button's
 * aria-label or a visually hidden label, never from the drawing.
 */
export {
  Archive,
  ChartColumn as ActivityIcon,
  ChevronDown,
  EllipsisVertical,
  FolderOpen,
  Inbox,
  List,
  ListChecks,
  LogIn,
  Map as MapIcon,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  Pencil,
  Plus,
  SearchX,
  Share2,
  SlidersHorizontal,
  Trash2,
  X,
} from 'lucide-react';

/** Props every decorative icon takes: hidden from assistive technology, sized by the type scale. */
export const decorative: LucideProps = { 'aria-hidden': true, focusable: false, size: '1.125em', strokeWidth: 2 };

const SOURCE_ICONS: Record<string, LucideIcon> = {
  web: Globe,
  sms: MessageSquare,
  email: Mail,
  // Lucide keeps no brand marks; a bird says Twitter without one.
  twitter: Bird,
  whatsapp: MessageCircle,
};

/** A post's source (web, SMS, e-mail, Twitter...) as an icon beside its visible name. */
export function SourceIcon({ source }: { source: string | null }) {
  const Icon = (source && SOURCE_ICONS[source]) || Globe;
  return <Icon {...decorative} className="icon" />;
}

const STATUS_ICONS: Record<PostStatus, LucideIcon> = { published: CircleCheck, draft: Clock, archived: Archive };

/** A post's status (published, in review, archived) as an icon beside its visible name. */
export function StatusIcon({ status }: { status: PostStatus }) {
  const Icon = STATUS_ICONS[status];
  return <Icon {...decorative} className="icon" />;
}
