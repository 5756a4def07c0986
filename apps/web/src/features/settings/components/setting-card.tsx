import type { ReactNode } from "react";
import { Card } from "../../../ui/card";

export interface SettingCardProps {
  /** The heading's id (the section is labelled by it). */
  id: string;
  /** A decorative lucide icon, sized and coloured by the caller. */
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

/** One section of the settings page: a card headed by an icon and a title. */
export function SettingCard({ id, icon, title, children }: SettingCardProps) {
  return (
    <Card as="section" aria-labelledby={id} className="mt-6">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </h2>
      {children}
    </Card>
  );
}
