import { BUILT_IN_AVATAR_IDS } from "@heartline/shared";
import { Check } from "lucide-react";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { useT } from "../../../lib/i18n/use-t";
import { BUILT_IN_AVATARS } from "../../../ui/built-in-avatars";

export interface AvatarPickerProps {
  /** The current profileImage (a built-in id is shown as chosen). */
  value: string | null;
  onChoose: (avatarId: string) => void;
  isDisabled?: boolean;
}

const NAMES: Record<string, MessageId> = {
  "avatar-1": "profiles.avatar.avatar-1",
  "avatar-2": "profiles.avatar.avatar-2",
  "avatar-3": "profiles.avatar.avatar-3",
  "avatar-4": "profiles.avatar.avatar-4",
};

/** spec §3 Avatars: choose one of the four built-in avatars, as a labelled radio group. */
export function AvatarPicker({ value, onChoose, isDisabled }: AvatarPickerProps) {
  const t = useT();
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {t("profiles.avatar.legend")}
      </legend>
      <div className="mt-3 flex flex-wrap gap-3">
        {BUILT_IN_AVATAR_IDS.map((id) => {
          const Art = BUILT_IN_AVATARS[id];
          const isChosen = value === id;
          return (
            <label
              key={id}
              className={`relative cursor-pointer rounded-full p-1 ring-2 transition has-focus-visible:ring-rose-500 has-disabled:cursor-not-allowed has-disabled:opacity-60 ${
                isChosen
                  ? "ring-rose-600 dark:ring-rose-400"
                  : "ring-transparent hover:ring-zinc-300 dark:hover:ring-zinc-600"
              }`}
            >
              <input
                type="radio"
                name="built-in-avatar"
                value={id}
                checked={isChosen}
                disabled={isDisabled}
                onChange={() => onChoose(id)}
                aria-label={t("profiles.avatar.name", { name: NAMES[id] ? t(NAMES[id]) : id })}
                className="sr-only"
              />
              {Art ? <Art className="size-14" /> : null}
              {isChosen ? (
                <span className="absolute -end-0.5 -bottom-0.5 inline-flex size-5 items-center justify-center rounded-full bg-rose-600 text-white ring-2 ring-white dark:ring-zinc-900">
                  <Check aria-hidden="true" className="size-3" strokeWidth={3} />
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
