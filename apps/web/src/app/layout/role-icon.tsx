import { Icon, ShieldCheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** Sales: a rising bar chart. */
const ChartIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M4 20h16" />
    <path d="M7 16v-4" />
    <path d="M12 16V8" />
    <path d="M17 16V5" />
  </Icon>
);

/** The icon of a role link of the account menu: Sales (a chart) or Console (a shield). */
export function RoleIcon({ to, className }: { to: string; className?: string }) {
  return to.startsWith(paths.admin.getHref()) ? (
    <ShieldCheckIcon className={className} />
  ) : (
    <ChartIcon className={className} />
  );
}
