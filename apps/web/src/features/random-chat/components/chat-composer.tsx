import { serverErrorText } from "../../../lib/i18n/server-error-text";
import { useT } from "../../../lib/i18n/use-t";
import { MessageComposer } from "../../chat-pipeline";
import { useRandomChatStore } from "../state/random-chat-store";
import { ReplyQuote, senderLabel } from "./message-bubble";

export interface ChatComposerProps {
  partnerLabel: string;
  onSend: (content: string) => void;
  onTyping: (isTyping: boolean) => void;
  onCancelReply: () => void;
}

/** The chats' message box without pictures; typing stops after 2 s idle; the last refusal shows below. */
export function ChatComposer({ partnerLabel, onSend, onTyping, onCancelReply }: ChatComposerProps) {
  // issue #38: a new match puts the cursor in the box (the composer shows anew for every partner).
  const selected = useRandomChatStore((state) => state.selectedMessage);
  const userId = useRandomChatStore((state) => state.userId);
  const error = useRandomChatStore((state) => state.error);
  const t = useT();
  return (
    <MessageComposer
      id="chat-composer"
      label={t("chat.composer.label")}
      placeholder={t("chat.composer.placeholder")}
      onSend={onSend}
      onTyping={onTyping}
      reply={
        selected
          ? {
              testId: "reply-preview",
              title: t("chat.composer.replyingTo"),
              quote: (
                <ReplyQuote
                  reply={selected}
                  label={senderLabel(selected.senderId, userId, partnerLabel, t)}
                  tone="other"
                />
              ),
            }
          : null
      }
      focusKey={selected ?? partnerLabel}
      onCancelReply={onCancelReply}
      note={error ? serverErrorText({ message: error }) : null}
      isNoteAlert
    />
  );
}
