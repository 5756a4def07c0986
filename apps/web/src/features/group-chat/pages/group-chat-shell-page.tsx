import { GroupChatGuard } from "../../accounts";
import { GroupChatLayout } from "../components/group-chat-layout";

/** /group-chat and every page under it: the guard (spec §4: signed in, e-mail verified) around the layout. */
export function GroupChatShellPage() {
  return (
    <GroupChatGuard>
      <GroupChatLayout />
    </GroupChatGuard>
  );
}
