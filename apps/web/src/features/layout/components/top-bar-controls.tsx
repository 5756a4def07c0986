import { AccountEntry } from "../../accounts";
import { ThemeToggle, useApplyTheme } from "../../theme";
import { MobileMenu } from "./mobile-menu";
import { OnlineCountBadge } from "./online-count-badge";

/**
 * The top bar's right-hand corner: the live online count, the theme toggle, the account entry and the
 * mobile menu. On a prerendered public page it is an island of its own (issue #36), so it applies the
 * theme itself (the app's root layout does too).
 */
export function TopBarControls() {
  useApplyTheme();
  return (
    <div className="ml-auto flex items-center gap-1 sm:gap-2">
      <OnlineCountBadge />
      <ThemeToggle />
      <AccountEntry />
      <MobileMenu />
    </div>
  );
}
