import {
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationSettings,
} from "@heartline/shared";
import { Bell } from "lucide-react";
import { type ComponentType, type ReactNode, useState } from "react";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { serverErrorText } from "../../../lib/i18n/server-error-text";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import {
  useDevicePush,
  useNotificationSettings,
  useUpdateNotificationSettings,
} from "../api/use-notification-settings";
import { pushSupport } from "../domain/push-subscription";

const DEFAULT_QUIET = { start: 22 * 60, end: 7 * 60 };
const toTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
const toMinute = (time: string) => {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
};

const SUPPORT_TEXT: Record<"unsupported" | "denied", MessageId> = {
  unsupported: "notifications.settings.unsupported",
  denied: "notifications.settings.denied",
};

/** Each kind's switch (NOTIFICATION_TEXTS.categories in English). */
const CATEGORY_LABELS: Record<NotificationCategory, MessageId> = {
  messages: "notifications.category.messages",
  friends: "notifications.category.friends",
  comments: "notifications.category.comments",
  streaks: "notifications.category.streaks",
};

/** The settings page's on/off control (passed in: the page owns its look). */
export type SwitchComponent = ComponentType<{
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}>;

/**
 * Issue #40, in Settings: push on this device (asked only on this button's click), each kind on or
 * off, message previews and quiet hours. Registered users only (`isEnabled`).
 */
export function NotificationSettingsSection({
  isEnabled,
  Switch,
}: {
  isEnabled: boolean;
  Switch: SwitchComponent;
}) {
  const settings = useNotificationSettings(isEnabled);
  const t = useT();
  if (!isEnabled) return null;
  return (
    <Card as="section" aria-labelledby="notifications-heading" className="mt-6">
      <h2 id="notifications-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Bell aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" />
        {t("notifications.title")}
      </h2>
      {settings.data ? (
        <NotificationSettingsForm settings={settings.data} Switch={Switch} />
      ) : (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          {settings.isError
            ? serverErrorText({ message: settings.error.message })
            : t("notifications.loading")}
        </p>
      )}
    </Card>
  );
}

function NotificationSettingsForm({
  settings,
  Switch,
}: {
  settings: NotificationSettings;
  Switch: SwitchComponent;
}) {
  const update = useUpdateNotificationSettings();
  const device = useDevicePush();
  const [support, setSupport] = useState(pushSupport);
  const quiet = settings.quietHours;
  const t = useT();
  const toggleDevice = (on: boolean) => device.mutate(on, { onSettled: () => setSupport(pushSupport()) });

  return (
    <>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("notifications.settings.intro")}</p>
      <div className="mt-4 rounded-xl bg-zinc-50 p-4 dark:bg-zinc-800/60">
        <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100" data-testid="push-device-status">
          {settings.thisDeviceSubscribed ? t("notifications.settings.on") : t("notifications.settings.off")}
        </p>
        {support === "unsupported" || (support === "denied" && !settings.thisDeviceSubscribed) ? (
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t(SUPPORT_TEXT[support])}</p>
        ) : (
          <Button
            className="mt-3"
            variant={settings.thisDeviceSubscribed ? "secondary" : "primary"}
            disabled={device.isPending}
            onClick={() => toggleDevice(!settings.thisDeviceSubscribed)}
          >
            {settings.thisDeviceSubscribed
              ? t("notifications.settings.turnOff")
              : t("notifications.settings.turnOn")}
          </Button>
        )}
        {device.isError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
            {serverErrorText({ message: device.error.message })}
          </p>
        ) : null}
      </div>
      <fieldset className="mt-2">
        <legend className="sr-only">{t("notifications.settings.about")}</legend>
        {NOTIFICATION_CATEGORIES.map((category) => (
          <Switch
            key={category}
            id={`notify-${category}`}
            label={t(CATEGORY_LABELS[category])}
            checked={settings.categories[category]}
            disabled={update.isPending}
            onChange={(checked) => update.mutate({ categories: { [category]: checked } })}
          />
        ))}
      </fieldset>
      <Switch
        id="notify-previews"
        label={t("notifications.settings.previews")}
        checked={settings.previews}
        disabled={update.isPending}
        onChange={(previews) => update.mutate({ previews })}
      />
      <Switch
        id="notify-quiet"
        label={t("notifications.settings.quiet")}
        checked={quiet !== null}
        disabled={update.isPending}
        onChange={(on) =>
          update.mutate({
            quietHours: on ? DEFAULT_QUIET : null,
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          })
        }
      />
      {quiet ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <TimeField
            label={t("notifications.settings.from")}
            value={toTime(quiet.start)}
            onChange={(time) => update.mutate({ quietHours: { ...quiet, start: toMinute(time) } })}
          />
          <TimeField
            label={t("notifications.settings.until")}
            value={toTime(quiet.end)}
            onChange={(time) => update.mutate({ quietHours: { ...quiet, end: toMinute(time) } })}
          />
          <span className="text-zinc-600 dark:text-zinc-400">({settings.timeZone})</span>
        </div>
      ) : null}
      {update.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
          {serverErrorText({ message: update.error.message })}
        </p>
      ) : null}
    </>
  );
}

function TimeField({
  label,
  value,
  onChange,
}: {
  label: ReactNode;
  value: string;
  onChange(time: string): void;
}) {
  return (
    <label className="flex items-center gap-2 font-medium text-zinc-900 dark:text-zinc-100">
      {label}
      <input
        type="time"
        defaultValue={value}
        onBlur={(event) => {
          if (event.target.value && event.target.value !== value) onChange(event.target.value);
        }}
        className="rounded-lg border border-zinc-300 bg-white px-2 py-1 text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      />
    </label>
  );
}
