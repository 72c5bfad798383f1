import { useTranslation } from 'react-i18next';
import { PanelLeftClose, PanelLeftOpen, decorative } from '../../ui/icons';

/** Shows or hides the filter sidebar beside the list (wide screens; a phone has the filters dropdown). */
export function SidebarToggle({ collapsed, onToggle, controls }: { collapsed: boolean; onToggle: () => void; controls: string }) {
  const { t } = useTranslation();
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <button
      type="button"
      className="button button-ghost button-icon sidebar-toggle"
      aria-expanded={!collapsed}
      aria-controls={controls}
      aria-label={t('design.sidebar_toggle')}
      title={t('design.sidebar_toggle')}
      onClick={onToggle}
    >
      <Icon {...decorative} className="icon icon-mirror" />
    </button>
  );
}
