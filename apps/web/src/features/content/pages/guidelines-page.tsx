import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { RichText } from "../../../lib/i18n/rich-text";
import { type Translate, useT } from "../../../lib/i18n/use-t";
import type { ContentSectionData } from "../components/content-page";
import { ContentPage } from "../components/content-page";
import { safetySections } from "./guidelines-safety-sections";
import { POLICY_LAST_UPDATED } from "./policy-date";

const SAFETY_EMAIL = "safety@heartline.chat";
const STRONG = [<strong key="strong" />];

function ruleSections(t: Translate): readonly ContentSectionData[] {
  const bold = (id: Parameters<Translate>[0]) => <RichText message={t(id)} elements={STRONG} />;
  return [
    {
      id: "adults-only",
      title: t("guidelines.adults.title"),
      content: <p>{bold("guidelines.adults.text")}</p>,
    },
    {
      id: "respect",
      title: t("guidelines.respect.title"),
      content: (
        <>
          <p>{t("guidelines.respect.text")}</p>
          <ul>
            <li>{t("guidelines.respect.no")}</li>
            <li>{t("guidelines.respect.ask")}</li>
            <li>{t("guidelines.respect.ideas")}</li>
            <li>{t("guidelines.respect.choices")}</li>
          </ul>
        </>
      ),
    },
    {
      id: "not-allowed",
      title: t("guidelines.notAllowed.title"),
      content: (
        <>
          <ul>
            <li>{bold("guidelines.notAllowed.harassment")}</li>
            <li>{bold("guidelines.notAllowed.hate")}</li>
            <li>{bold("guidelines.notAllowed.threats")}</li>
            <li>{bold("guidelines.notAllowed.doxxing")}</li>
            <li>{bold("guidelines.notAllowed.explicit")}</li>
            <li>{bold("guidelines.notAllowed.spam")}</li>
            <li>{bold("guidelines.notAllowed.impersonation")}</li>
            <li>{bold("guidelines.notAllowed.illegal")}</li>
          </ul>
          <p>{bold("guidelines.notAllowed.minors")}</p>
        </>
      ),
    },
    {
      id: "reporting",
      title: t("guidelines.reporting.title"),
      content: (
        <>
          <p>{t("guidelines.reporting.control")}</p>
          <ul>
            <li>{bold("guidelines.reporting.end")}</li>
            <li>{bold("guidelines.reporting.block")}</li>
            <li>{bold("guidelines.reporting.report")}</li>
          </ul>
          <p>{t("guidelines.reporting.false")}</p>
        </>
      ),
    },
    {
      id: "moderation",
      title: t("guidelines.moderation.title"),
      content: (
        <>
          <p>{t("guidelines.moderation.who")}</p>
          <ul>
            <li>{bold("guidelines.moderation.mute")}</li>
            <li>{bold("guidelines.moderation.ban")}</li>
          </ul>
          <p>
            <RichText
              message={t("guidelines.moderation.appeal")}
              elements={[
                <a key="safety" href={`mailto:${SAFETY_EMAIL}`}>
                  {SAFETY_EMAIL}
                </a>,
              ]}
            />
          </p>
        </>
      ),
    },
    {
      id: "ai-companion",
      title: t("guidelines.ai.title"),
      content: <p>{bold("guidelines.ai.text")}</p>,
    },
  ];
}

export function GuidelinesPage() {
  const t = useT();
  return (
    <ContentPage
      title={t("related.guidelines.label")}
      icon={ShieldCheck}
      eyebrow={t("guidelines.eyebrow")}
      intro={<p>{t("guidelines.intro")}</p>}
      lastUpdated={POLICY_LAST_UPDATED}
      hasContents
      sections={[...ruleSections(t), ...safetySections(t)]}
      related={["privacy", "terms", "help", "contact"]}
    >
      <p>
        <RichText
          message={t("guidelines.footer")}
          elements={[<Link key="terms" to="/terms" />, <Link key="privacy" to="/privacy" />]}
        />
      </p>
    </ContentPage>
  );
}
