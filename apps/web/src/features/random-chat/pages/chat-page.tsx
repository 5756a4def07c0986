import { type Gender, PREFERENCES, type Preference } from "@heartline/shared";
import { ArrowLeft, MessagesSquare, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { GENDER_CHOICES } from "../../../lib/gender-labels";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { type Choice, ChoiceGroup } from "../components/choice-group";

const PREFERENCE_LABELS: Record<Preference, string> = {
  male: "Men",
  female: "Women",
  other: "Other",
  any: "Anyone",
};
const PREFERENCE_CHOICES: readonly Choice<Preference>[] = PREFERENCES.map((value) => ({
  value,
  label: PREFERENCE_LABELS[value],
}));

/**
 * /chat: random one-to-one chat (spec §2). Visitors choose their gender and whom they want to meet
 * (spec §1). Matching itself arrives with the random-chat feature, so starting is not offered yet.
 */
export function ChatPage() {
  useDocumentTitle("Random chat");
  const [gender, setGender] = useState<Gender | null>(null);
  const [preference, setPreference] = useState<Preference | null>("any");

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-12">
      <Link
        to="/"
        className="mb-4 inline-flex items-center gap-1 rounded-lg text-sm font-medium text-zinc-600 hover:text-rose-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 md:hidden dark:text-zinc-400 dark:hover:text-rose-400"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Home
      </Link>
      <div className="flex items-center gap-3">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white">
          <MessagesSquare aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-100">
          Random chat
        </h1>
      </div>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">
        Talk one-to-one with a stranger. No sign-up needed: tell us who you are and who you'd like to meet.
      </p>

      <Card as="section" aria-label="Chat preferences" className="mt-6 space-y-6">
        <ChoiceGroup
          legend="I am"
          name="gender"
          choices={GENDER_CHOICES}
          value={gender}
          onChange={setGender}
        />
        <ChoiceGroup
          legend="I want to chat with"
          name="preference"
          choices={PREFERENCE_CHOICES}
          value={preference}
          onChange={setPreference}
        />
        <div className="space-y-2">
          <Button size="lg" className="w-full" disabled aria-describedby="matching-note">
            Start Chatting
          </Button>
          <p id="matching-note" className="text-center text-sm font-medium text-zinc-600 dark:text-zinc-400">
            Matching opens soon
          </p>
        </div>
      </Card>

      <p className="mt-6 flex items-start gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <ShieldCheck
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
        />
        <span>
          18+ only. Be kind, and read the{" "}
          <Link
            to="/guidelines"
            className="font-medium text-rose-600 underline-offset-2 hover:underline dark:text-rose-400"
          >
            community guidelines
          </Link>{" "}
          before you start.
        </span>
      </p>
    </div>
  );
}
