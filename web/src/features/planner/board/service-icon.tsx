import {
  Activity,
  AlarmClock,
  AppWindow,
  ArrowLeftRight,
  Bell,
  Boxes,
  Cloud,
  Container,
  Cpu,
  Database,
  DatabaseZap,
  FileArchive,
  Gauge,
  Globe,
  HardDrive,
  KeyRound,
  Layers,
  Lock,
  type LucideIcon,
  MessageSquare,
  Network,
  Package,
  Plug,
  Route,
  Search,
  Server,
  Share2,
  Shield,
  ShieldAlert,
  ShieldCheck,
  SplitSquareHorizontal,
  SquareTerminal,
  UserCog,
  Waves,
  Webhook,
  Zap,
} from 'lucide-react';
import type { TServiceKind } from '@stratum/core/iac/types';

const KIND_ICONS: Record<TServiceKind, LucideIcon> = {
  network: Network,
  subnet: Layers,
  'security-group': Shield,
  vm: Server,
  'autoscaling-group': Cpu,
  kubernetes: Boxes,
  'serverless-container': Container,
  'container-registry': Package,
  function: Zap,
  'web-app': AppWindow,
  'object-storage': FileArchive,
  'file-storage': HardDrive,
  'block-storage': HardDrive,
  postgresql: Database,
  mysql: Database,
  sqlserver: Database,
  nosql: DatabaseZap,
  cache: DatabaseZap,
  search: Search,
  'load-balancer': SplitSquareHorizontal,
  'network-load-balancer': SplitSquareHorizontal,
  'nat-gateway': ArrowLeftRight,
  'internet-gateway': Globe,
  'dns-zone': Route,
  cdn: Cloud,
  'vpn-gateway': Lock,
  bastion: SquareTerminal,
  'private-endpoint': Plug,
  waf: ShieldAlert,
  kms: KeyRound,
  secret: ShieldCheck,
  identity: UserCog,
  queue: MessageSquare,
  topic: Bell,
  'event-bus': Share2,
  stream: Waves,
  'log-group': Activity,
  apm: Gauge,
  alarm: AlarmClock,
  'api-gateway': Webhook,
};

export interface ServiceIconProps {
  kind: TServiceKind;
  className?: string;
}

/** One icon per service kind, so equivalent services look alike on every cloud. */
export function ServiceIcon({ kind, className }: ServiceIconProps) {
  const Icon = KIND_ICONS[kind];
  return <Icon className={className ?? 'size-4'} aria-hidden="true" />;
}

/** Tailwind colour per category: the palette, the nodes and the minimap agree. */
export const CATEGORY_TONES: Record<string, { chip: string; accent: string }> = {
  compute: { chip: 'bg-orange-50 text-orange-800', accent: '#ea580c' },
  containers: { chip: 'bg-cyan-50 text-cyan-800', accent: '#0891b2' },
  functions: { chip: 'bg-amber-50 text-amber-800', accent: '#d97706' },
  storage: { chip: 'bg-emerald-50 text-emerald-800', accent: '#059669' },
  databases: { chip: 'bg-blue-50 text-blue-800', accent: '#2563eb' },
  networking: { chip: 'bg-violet-50 text-violet-800', accent: '#7c3aed' },
  security: { chip: 'bg-rose-50 text-rose-800', accent: '#e11d48' },
  messaging: { chip: 'bg-pink-50 text-pink-800', accent: '#db2777' },
  monitoring: { chip: 'bg-lime-50 text-lime-800', accent: '#65a30d' },
  api: { chip: 'bg-indigo-50 text-indigo-800', accent: '#4f46e5' },
};

export const CATEGORY_LABELS: Record<string, string> = {
  compute: 'Compute',
  containers: 'Containers',
  functions: 'Functions',
  storage: 'Storage',
  databases: 'Databases',
  networking: 'Networking',
  security: 'Security',
  messaging: 'Messaging',
  monitoring: 'Monitoring',
  api: 'API',
};
