import { RichText } from "../../../lib/i18n/rich-text";
import type { Translate } from "../../../lib/i18n/use-t";
import { Callout } from "../components/callout";
import type { ContentSectionData } from "../components/content-page";
import { ExternalLink } from "../components/external-link";

const SAFETY_EMAIL = "safety@heartline.chat";
const STRONG = [<strong key="strong" />];

// The safety half of the Community Guidelines page: tips, scams and crisis help.
export function safetySections(t: Translate): readonly ContentSectionData[] {
  const bold = (id: Parameters<Translate>[0]) => <RichText message={t(id)} elements={STRONG} />;
  return [
    {
      id: "safety-tips",
      title: t("safety.tips.title"),
      content: (
        <>
          <p>{t("safety.tips.intro")}</p>
          <ul>
            <li>{t("safety.tips.details")}</li>
            <li>{t("safety.tips.secrets")}</li>
            <li>{t("safety.tips.otherApp")}</li>
            <li>{t("safety.tips.meet")}</li>
            <li>{t("safety.tips.instincts")}</li>
          </ul>
        </>
      ),
    },
    {
      id: "scams",
      title: t("safety.scams.title"),
      content: (
        <>
          <p>{bold("safety.scams.romance")}</p>
          <p>{bold("safety.scams.sextortion")}</p>
          <Callout title={t("safety.scams.callout")} tone="urgent">
            <ol>
              <li>{bold("safety.scams.stop")}</li>
              <li>{bold("safety.scams.pay")}</li>
              <li>{bold("safety.scams.evidence")}</li>
              <li>{bold("safety.scams.report")}</li>
              <li>
                <RichText
                  message={t("safety.scams.stopNcii")}
                  elements={[
                    <ExternalLink key="stopncii" href="https://stopncii.org" />,
                    <ExternalLink key="takeitdown" href="https://takeitdown.ncmec.org" />,
                  ]}
                />
              </li>
            </ol>
            <p>{t("safety.scams.notAlone")}</p>
          </Callout>
        </>
      ),
    },
    {
      id: "crisis",
      title: t("safety.crisis.title"),
      content: (
        <Callout title={t("safety.crisis.callout")} tone="urgent">
          <p>
            <RichText
              message={t("safety.crisis.text")}
              elements={[
                <ExternalLink key="helpline" href="https://findahelpline.com" />,
                <a key="safety" href={`mailto:${SAFETY_EMAIL}`}>
                  {SAFETY_EMAIL}
                </a>,
              ]}
            />
          </p>
        </Callout>
      ),
    },
  ];
}
