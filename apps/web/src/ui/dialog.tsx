import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { useT } from "../lib/i18n/use-t";
import { useRestoreFocus } from "./use-restore-focus";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Shown under the title and wired as the accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** An alert dialog asks for a decision: no outside-click dismissal, no close icon. */
  isAlert?: boolean;
  contentProps?: ComponentPropsWithoutRef<typeof RadixDialog.Content>;
}

/**
 * The house modal: Radix Dialog (focus trap, Escape, scroll lock, aria wiring) with our styling.
 * Centred card on wide screens, a bottom sheet on phones.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  isAlert,
  contentProps,
}: DialogProps) {
  const t = useT();
  const focusHandlers = useRestoreFocus({
    onOpenAutoFocus: contentProps?.onOpenAutoFocus,
    onCloseAutoFocus: contentProps?.onCloseAutoFocus,
  });
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-zinc-950/60 backdrop-blur-sm" />
        <RadixDialog.Content
          role={isAlert ? "alertdialog" : "dialog"}
          onInteractOutside={isAlert ? (event) => event.preventDefault() : undefined}
          {...(description ? {} : { "aria-describedby": undefined })}
          {...contentProps}
          {...focusHandlers}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl border border-zinc-200 bg-white p-6 text-zinc-900 shadow-xl animate-fade-in focus:outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-xl font-bold tracking-tight">{title}</RadixDialog.Title>
            {isAlert ? null : (
              <RadixDialog.Close
                aria-label={t("dialog.close")}
                className="-m-2 inline-flex size-10 items-center justify-center rounded-xl text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
              >
                <X aria-hidden="true" className="size-5" />
              </RadixDialog.Close>
            )}
          </div>
          {description ? (
            <RadixDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
