import { LanguageSelect } from "../../../lib/i18n/language-select";
import { AccountEntry, useSaveAccountLocale } from "../../accounts";
import { ThemeToggle, useApplyTheme } from "../../theme";
import { MobileMenu } from "./mobile-menu";
import { OnlineCountBadge } from "./online-count-badge";

/**
 * The top bar's right-hand corner: the live online count, the language switcher (issue #39; on phones
 * it is in the menu), the theme toggle, the account entry and the mobile menu. On a prerendered public page it is an island of its own
 * (issue #36), so it applies the theme itself (the app's root layout does too).
 */
export function TopBarControls() {
  useApplyTheme();
  const saveAccountLocale = useSaveAccountLocale();
  return (
    <div className="ms-auto flex items-center gap-1 sm:gap-2">
      <OnlineCountBadge />
      <LanguageSelect onChosen={saveAccountLocale} className="hidden sm:inline-flex" />
      <ThemeToggle />
      <AccountEntry />
      <MobileMenu />
    </div>
  );
}
