import { useDocumentTitle } from "../../../lib/use-document-title";
import { Card } from "../../../ui/card";
import { GROUP_CHAT_SECTIONS } from "../group-chat-sections";

export interface GroupChatSectionPageProps {
  /** The section's path (`/group-chat/dm` also serves `/group-chat/dm/:partnerId`). */
  path: string;
}

/**
 * The frame of one group-chat page: its heading and what it is for. Each group-chat feature (room,
 * friends, DMs, confessions, dashboard, admin) renders its content here when it ships.
 */
export function GroupChatSectionPage({ path }: GroupChatSectionPageProps) {
  const section = GROUP_CHAT_SECTIONS.find((candidate) => candidate.path === path) ?? GROUP_CHAT_SECTIONS[0];
  const title = section?.title ?? "Group chat";
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">{title}</h1>
      <Card className="mt-6">
        <p className="text-zinc-700 dark:text-zinc-300">{section?.description}</p>
        <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">This part of Heartline opens soon.</p>
      </Card>
    </div>
  );
}
