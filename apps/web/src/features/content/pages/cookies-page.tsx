import { Cookie } from "lucide-react";
import { Link } from "react-router";
import { RichText } from "../../../lib/i18n/rich-text";
import { type Translate, useT } from "../../../lib/i18n/use-t";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";
import { POLICY_LAST_UPDATED } from "./policy-date";

interface StoredItem {
  /** The name as stored (a key), or null when the item is named in words: `cookies.<id>.name`. */
  key: string | null;
  id: "session" | "theme" | "chat" | "visitor";
  isCookie: boolean;
}

// What the browser actually holds; keep in step with the Privacy Policy ("What your browser keeps").
const STORED_ITEMS: readonly StoredItem[] = [
  { key: null, id: "session", isCookie: true },
  { key: "heartline-theme", id: "theme", isCookie: false },
  { key: "chat-storage", id: "chat", isCookie: false },
  { key: null, id: "visitor", isCookie: false },
];

interface StoredItemText {
  name: string;
  kind: string;
  purpose: string;
  lifetime: string;
}

function storedItemTexts(t: Translate): (StoredItemText & { id: string })[] {
  return STORED_ITEMS.map(({ key, id, isCookie }) => ({
    id,
    name: key ?? t(id === "session" ? "cookies.session.name" : "cookies.visitor.name"),
    kind: isCookie ? t("cookies.session.kind") : t("cookies.localStorage"),
    purpose: t(`cookies.${id}.purpose`),
    lifetime: isCookie ? t("cookies.session.lifetime") : t("cookies.untilCleared"),
  }));
}

// Four columns don't fit a 360 px phone: phones get one card per item, wider screens the table.
function StoredItemCards() {
  const t = useT();
  return (
    <div className="mt-6 space-y-3 sm:hidden">
      {storedItemTexts(t).map((item) => (
        <dl
          key={item.id}
          className="rounded-2xl border border-zinc-200 p-4 text-sm dark:border-zinc-800"
          aria-label={item.name}
        >
          <dt className="sr-only">{t("cookies.col.name")}</dt>
          <dd className="font-semibold text-zinc-900 dark:text-zinc-100">{item.name}</dd>
          <dt className="sr-only">{t("cookies.col.type")}</dt>
          <dd className="text-zinc-500 dark:text-zinc-400">{item.kind}</dd>
          <dt className="sr-only">{t("cookies.col.purpose")}</dt>
          <dd className="mt-2">{item.purpose}</dd>
          <dt className="mt-2 font-medium text-zinc-900 dark:text-zinc-100">{t("cookies.col.kept")}</dt>
          <dd>{item.lifetime}</dd>
        </dl>
      ))}
    </div>
  );
}

function StoredItemsTable() {
  const t = useT();
  return (
    <div className="mt-6 hidden overflow-hidden rounded-2xl border border-zinc-200 sm:block dark:border-zinc-800">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{t("cookies.caption")}</caption>
        <thead className="bg-zinc-50 text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t("cookies.col.name")}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t("cookies.col.type")}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t("cookies.col.purpose")}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t("cookies.col.kept")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {storedItemTexts(t).map((item) => (
            <tr key={item.id}>
              <th
                scope="row"
                className="whitespace-nowrap px-4 py-3 align-top font-medium text-zinc-900 dark:text-zinc-100"
              >
                {item.name}
              </th>
              <td className="px-4 py-3 align-top">{item.kind}</td>
              <td className="px-4 py-3 align-top">{item.purpose}</td>
              <td className="px-4 py-3 align-top">{item.lifetime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const PRIVACY_EMAIL = "privacy@heartline.chat";

function cookiesSections(t: Translate): readonly ContentSectionData[] {
  return [
    {
      id: "what-we-use",
      title: t("cookies.used.title"),
      content: (
        <>
          <p>
            <RichText
              message={t("cookies.used.text")}
              elements={[<strong key="one" />, <strong key="none" />]}
            />
          </p>
          <StoredItemCards />
          <StoredItemsTable />
        </>
      ),
    },
    { id: "offline", title: t("cookies.offline.title"), content: <p>{t("cookies.offline.text")}</p> },
    {
      id: "clearing",
      title: t("cookies.clearing.title"),
      content: (
        <>
          <ul>
            <li>
              <RichText message={t("cookies.clearing.logout")} elements={[<strong key="logout" />]} />
            </li>
            <li>
              <RichText message={t("cookies.clearing.siteData")} elements={[<strong key="clear" />]} />
            </li>
          </ul>
          <p>{t("cookies.clearing.after")}</p>
        </>
      ),
    },
    {
      id: "more",
      title: t("cookies.more.title"),
      content: (
        <p>
          <RichText
            message={t("cookies.more.text")}
            elements={[
              <Link key="privacy" to="/privacy" />,
              <a key="mail" href={`mailto:${PRIVACY_EMAIL}`}>
                {PRIVACY_EMAIL}
              </a>,
            ]}
          />
        </p>
      ),
    },
  ];
}

export function CookiesPage() {
  const t = useT();
  return (
    <ContentPage
      title={t("related.cookies.label")}
      icon={Cookie}
      eyebrow={t("layout.menu.legal")}
      intro={<p>{t("cookies.intro")}</p>}
      lastUpdated={POLICY_LAST_UPDATED}
      sections={cookiesSections(t)}
      related={["privacy", "terms", "guidelines", "contact"]}
    />
  );
}
