import { PREFERENCES, type Preference } from "@heartline/shared";
import { type FormEvent, useState } from "react";
import { GENDER_CHOICES } from "../../../lib/gender-labels";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { serverErrorText } from "../../../lib/i18n/server-error-text";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useRandomChatStore } from "../state/random-chat-store";
import { AdultConfirmation } from "./adult-confirmation";
import { type Choice, ChoiceGroup } from "./choice-group";
import { LanguagesPicker } from "./languages-picker";

const PREFERENCE_LABELS: Record<Preference, MessageId> = {
  male: "chat.preference.male",
  female: "chat.preference.female",
  other: "chat.preference.other",
  any: "chat.preference.any",
};
const PREFERENCE_CHOICES: readonly (Choice<Preference> & { label: MessageId })[] = PREFERENCES.map(
  (value) => ({
    value,
    label: PREFERENCE_LABELS[value],
  }),
);

export const MAX_INTERESTS = 5;

/** "music, Films ,  travel" → ["music", "Films", "travel"], at most five (issue 4: optional interests). */
export function parseInterests(text: string): string[] {
  return text
    .split(",")
    .map((interest) => interest.trim().slice(0, 24))
    .filter(Boolean)
    .slice(0, MAX_INTERESTS);
}

export interface ChatPickerProps {
  onStart: () => void;
  /** Whether the socket is there to send `join` on. */
  canStart: boolean;
  error: string | null;
  /** Issue 14: ask "I am 18 or older…" before the first search in this browser. */
  needsAdultConfirmation: boolean;
}

/** What Start Chatting still waits for, in words (null when nothing). */
function startHint({ hasGender, needsAdult }: { hasGender: boolean; needsAdult: boolean }): MessageId | null {
  if (!hasGender && needsAdult) return "chat.start.needsBoth";
  if (!hasGender) return "chat.start.needsGender";
  if (needsAdult) return "chat.start.needsAdult";
  return null;
}

/** spec §1/§3: the visitor's gender and whom they want to meet; both are remembered (chat-storage). */
export function ChatPicker({ onStart, canStart, error, needsAdultConfirmation }: ChatPickerProps) {
  const t = useT();
  const gender = useRandomChatStore((state) => state.gender);
  const preference = useRandomChatStore((state) => state.preference) ?? "any";
  const interests = useRandomChatStore((state) => state.interests);
  const dispatch = useRandomChatStore((state) => state.dispatch);
  const [interestText, setInterestText] = useState(interests.join(", "));
  const [isAdultTicked, setIsAdultTicked] = useState(false);

  const missing = startHint({
    hasGender: gender !== null && gender !== undefined,
    needsAdult: needsAdultConfirmation && !isAdultTicked,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ type: "SET_CHOICES", preference, interests: parseInterests(interestText) });
    onStart();
  };

  return (
    <Card as="section" aria-label={t("chat.preferences")} className="mt-6">
      <form onSubmit={submit} className="space-y-6">
        <ChoiceGroup
          legend={t("chat.iAm")}
          name="gender"
          choices={GENDER_CHOICES.map((choice) => ({ ...choice, label: t(`gender.${choice.value}`) }))}
          value={gender}
          onChange={(value) => dispatch({ type: "SET_CHOICES", gender: value })}
        />
        <ChoiceGroup
          legend={t("chat.iWant")}
          name="preference"
          choices={PREFERENCE_CHOICES.map((choice) => ({ ...choice, label: t(choice.label) }))}
          value={preference}
          onChange={(value) => dispatch({ type: "SET_CHOICES", preference: value })}
        />
        {/* Issue #39: it comes with this page's chunk, which loads after /chat's initial JavaScript. */}
        <LanguagesPicker />
        <div>
          <label htmlFor="chat-interests" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {t("chat.interests")}{" "}
            <span className="font-normal text-zinc-500 dark:text-zinc-400">{t("chat.optional")}</span>
          </label>
          <input
            id="chat-interests"
            value={interestText}
            onChange={(event) => setInterestText(event.target.value)}
            aria-describedby="chat-interests-hint"
            placeholder={t("chat.interests.placeholder")}
            className="mt-2 block w-full rounded-xl border border-zinc-300 bg-white px-3 py-2.5 text-sm text-zinc-900 placeholder:text-zinc-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
          />
          <p id="chat-interests-hint" className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            {t("chat.interests.hint", { max: MAX_INTERESTS })}
          </p>
        </div>
        {error ? (
          <p
            role="alert"
            className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-950/50 dark:text-rose-200"
          >
            {serverErrorText({ message: error })}
          </p>
        ) : null}
        {needsAdultConfirmation ? (
          <AdultConfirmation isChecked={isAdultTicked} onChange={setIsAdultTicked} />
        ) : null}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!gender || !canStart || (needsAdultConfirmation && !isAdultTicked)}
          aria-describedby={missing ? "start-missing" : undefined}
        >
          {t("layout.startChatting")}
        </Button>
        {/* issue #38: a disabled Start says what it waits for. */}
        {missing ? (
          <p
            id="start-missing"
            data-testid="start-missing"
            className="-mt-3 text-center text-sm text-zinc-600 dark:text-zinc-400"
          >
            {t(missing)}
          </p>
        ) : null}
      </form>
    </Card>
  );
}
