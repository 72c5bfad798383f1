import type { AppConfig } from '../../api/endpoints/config';
import type { Session } from '../../session/session-storage';
import { HUB_CARDS } from './hub-cards';

/**
 * A card of the settings hub (spec 3 section 2). Each settings screen adds its entry here with the
 * permission or feature rule that shows it; `visible` receives the session and config.
 */
export type SettingsSection = {
  id: string;
  to: string;
  titleKey: string;
  descriptionKey: string;
  visible: (session: Session | null, config: AppConfig) => boolean;
  /** A title that depends on the config (Export is named differently with the hxl feature). */
  titleKeyFor?: (config: AppConfig) => string;
  /** Areas whose screens are not built yet: the card shows, disabled, with a note. */
  comingSoon?: boolean;
  /** A feature switched off for this deployment: the card shows the view-unavailable message. */
  unavailable?: (config: AppConfig) => boolean;
  /** An extra line under the description (the Plan card's current tier). */
  detail?: (config: AppConfig) => { key: string; values: Record<string, string> } | null;
};

export const SETTINGS_SECTIONS: SettingsSection[] = [...HUB_CARDS];
