import { ArrowLeft, Settings } from "lucide-react";
import { Link } from "react-router";
import { useCatalog, useLocale, useT } from "../../../lib/i18n/use-t";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Card } from "../../../ui/card";
import { LinkButton } from "../../../ui/link-button";
import { PageSpinner } from "../../../ui/page-spinner";
import { useSession } from "../../accounts";
import { useUpdateProfile } from "../api/use-update-profile";
import { BioEditor } from "../components/bio-editor";
import { GuestNotice } from "../components/guest-notice";
import { formatMemberSince, ProfileHeaderCard } from "../components/profile-header-card";
import { ProfilePictureCard } from "../components/profile-picture-card";

const BACK_LINK =
  "inline-flex items-center gap-2 rounded-lg px-2 py-1 -ms-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white";

/**
 * /group-chat/dashboard (spec §2): everything of the signed-in user's profile, to see and edit.
 * The group-chat area has no site top bar (spec §2 layout rules), so the page brings its own way back.
 */
export function DashboardPage() {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(t("layout.account.dashboard"));
  const { user, isLoading } = useSession();
  const bio = useUpdateProfile();
  // Issue #39: the page's words are in the "account" catalog, loaded after the app starts.
  const isCatalogIn = useCatalog("account");
  if (isLoading || !isCatalogIn) return <PageSpinner />;
  if (!user) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold">{t("layout.account.dashboard")}</h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t("profiles.dashboard.signIn")}</p>
      </div>
    );
  }
  const hasSavedBio = bio.isSuccess && bio.variables?.bio !== undefined;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <Link to="/group-chat" className={BACK_LINK}>
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t("profiles.dashboard.back")}
      </Link>
      <h1 className="mt-3 mb-6 text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">
        {t("layout.account.dashboard")}
      </h1>

      <div className="flex flex-col gap-6">
        <ProfileHeaderCard user={user} />
        {user.isGuest ? <GuestNotice /> : null}
        <ProfilePictureCard user={user} />

        <Card as="section" aria-labelledby="about-heading">
          <h2 id="about-heading" className="mb-4 text-lg font-semibold">
            {t("profiles.dashboard.about")}
          </h2>
          <BioEditor
            key={user.id}
            bio={user.bio}
            isSaving={bio.isPending}
            hasSaved={hasSavedBio}
            onSave={(text) => bio.mutate({ bio: text })}
          />
        </Card>

        <Card as="section" aria-labelledby="account-heading">
          <h2 id="account-heading" className="text-lg font-semibold">
            {t("profiles.dashboard.account")}
          </h2>
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-zinc-500 dark:text-zinc-400">{t("accounts.field.username")}</dt>
              <dd className="mt-0.5 font-medium">{user.username}</dd>
              <dd className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                {t("profiles.dashboard.usernameFixed")}
              </dd>
            </div>
            <div>
              <dt className="text-zinc-500 dark:text-zinc-400">{t("accounts.field.gender")}</dt>
              <dd className="mt-0.5 font-medium">
                {user.gender ? t(`gender.${user.gender}`) : t("profiles.dashboard.notSet")}
              </dd>
            </div>
            <div>
              <dt className="text-zinc-500 dark:text-zinc-400">{t("profiles.dashboard.memberSince")}</dt>
              <dd className="mt-0.5 font-medium">{formatMemberSince(user.createdAt, locale)}</dd>
            </div>
            <div>
              <dt className="text-zinc-500 dark:text-zinc-400">{t("profiles.dashboard.email")}</dt>
              <dd className="mt-0.5 font-medium break-all">
                {user.email ?? t("profiles.dashboard.noEmail")}
              </dd>
            </div>
          </dl>
          <LinkButton to="/settings" variant="secondary" size="sm" className="mt-5">
            <Settings aria-hidden="true" className="size-4" />
            {t("profiles.dashboard.settings")}
          </LinkButton>
        </Card>
      </div>
    </div>
  );
}
