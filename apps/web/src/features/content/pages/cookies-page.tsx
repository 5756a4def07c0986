import { Cookie } from "lucide-react";
import { Link } from "react-router";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";
import { POLICY_LAST_UPDATED } from "./policy-date";

interface StoredItem {
  name: string;
  kind: string;
  purpose: string;
  lifetime: string;
}

// What the browser actually holds; keep in step with the Privacy Policy ("What your browser keeps").
const STORED_ITEMS: readonly StoredItem[] = [
  {
    name: "Session cookie",
    kind: "Cookie (HttpOnly, strictly necessary)",
    purpose: "Keeps you signed in after you join as a guest or sign in.",
    lifetime: "Until you log out or the session expires",
  },
  {
    name: "heartline-theme",
    kind: "Local storage",
    purpose: "Remembers whether you chose the light or dark theme.",
    lifetime: "Until you clear site data",
  },
  {
    name: "chat-storage",
    kind: "Local storage",
    purpose: "Remembers your gender, partner preference and chat counters for random chat.",
    lifetime: "Until you clear site data",
  },
  {
    name: "Visitor id",
    kind: "Local storage",
    purpose: "A random id that lets the chat server tell your connection apart. Not linked to you.",
    lifetime: "Until you clear site data",
  },
];

// Four columns don't fit a 360 px phone: phones get one card per item, wider screens the table.
function StoredItemCards() {
  return (
    <div className="mt-6 space-y-3 sm:hidden">
      {STORED_ITEMS.map((item) => (
        <dl
          key={item.name}
          className="rounded-2xl border border-zinc-200 p-4 text-sm dark:border-zinc-800"
          aria-label={item.name}
        >
          <dt className="sr-only">Name</dt>
          <dd className="font-semibold text-zinc-900 dark:text-zinc-100">{item.name}</dd>
          <dt className="sr-only">Type</dt>
          <dd className="text-zinc-500 dark:text-zinc-400">{item.kind}</dd>
          <dt className="sr-only">Purpose</dt>
          <dd className="mt-2">{item.purpose}</dd>
          <dt className="mt-2 font-medium text-zinc-900 dark:text-zinc-100">Kept</dt>
          <dd>{item.lifetime}</dd>
        </dl>
      ))}
    </div>
  );
}

function StoredItemsTable() {
  return (
    <div className="mt-6 hidden overflow-hidden rounded-2xl border border-zinc-200 sm:block dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Cookies and local storage used by Heartline</caption>
        <thead className="bg-zinc-50 text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Type
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Purpose
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Kept
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {STORED_ITEMS.map((item) => (
            <tr key={item.name}>
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

const SECTIONS: readonly ContentSectionData[] = [
  {
    id: "what-we-use",
    title: "Only what is strictly necessary",
    content: (
      <>
        <p>
          Heartline sets <strong>one cookie</strong>: the session cookie that keeps you signed in. A few
          settings are kept in your browser's local storage so the site remembers your choices. There are{" "}
          <strong>no advertising cookies, no analytics cookies and no third-party cookies</strong>, which is
          also why you don't see a cookie banner here: nothing needs your consent.
        </p>
        <StoredItemCards />
        <StoredItemsTable />
      </>
    ),
  },
  {
    id: "offline",
    title: "Offline files",
    content: (
      <p>
        Heartline can be installed as an app. To load quickly, its service worker keeps a copy of the site's
        own files (scripts, styles, icons) in your browser's cache. Those files are the same for everyone and
        contain nothing about you.
      </p>
    ),
  },
  {
    id: "clearing",
    title: "How to clear them",
    content: (
      <>
        <ul>
          <li>
            <strong>Log out</strong> to end your session; the session cookie is removed.
          </li>
          <li>
            <strong>Clear site data</strong> in your browser to remove the cookie, local storage and offline
            files at once. In Chrome and Edge: the icon left of the address bar, then Site settings, then
            Delete data. In Firefox: the padlock, then Clear cookies and site data. In Safari: Settings,
            Privacy, Manage Website Data.
          </li>
        </ul>
        <p>
          Clearing site data logs you out and resets your theme and chat choices. A guest account can't be
          recovered afterwards, because it has no e-mail or password.
        </p>
      </>
    ),
  },
  {
    id: "more",
    title: "More about your data",
    content: (
      <p>
        What we store on our servers, and for how long, is explained in the{" "}
        <Link to="/privacy">Privacy Policy</Link>. Questions:{" "}
        <a href="mailto:privacy@heartline.chat">privacy@heartline.chat</a>.
      </p>
    ),
  },
];

export function CookiesPage() {
  return (
    <ContentPage
      title="Cookie Policy"
      icon={Cookie}
      eyebrow="Legal"
      intro={
        <p>Short, because there is little to say: one necessary cookie, a few saved settings, no tracking.</p>
      }
      lastUpdated={POLICY_LAST_UPDATED}
      sections={SECTIONS}
      related={["privacy", "terms", "guidelines", "contact"]}
    />
  );
}
