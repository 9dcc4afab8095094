import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useToast } from "../../components/toast/use-toast.ts";
import { Button } from "../../components/ui/button/Button.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { Checkbox } from "../../components/ui/checkbox/Checkbox.tsx";
import { ChoiceGroup } from "../../components/ui/choice-group/ChoiceGroup.tsx";
import { Field } from "../../components/ui/field/Field.tsx";
import { AppError } from "../../core/app-error.ts";
import { type ContactInput, type ContactMessage, contactSchema, errorValues } from "./contact-schema.ts";
import { sendContactMessage } from "./send-contact-message.ts";
import "./contact.css";

const TYPES = ["technical", "feedback"] as const;

/**
 * Contact: type of message, name, an optional reply e-mail and the message, sent to the backend's contact
 * endpoint.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactMessage>({
    resolver: zodResolver(contactSchema),
    // Checked as typed once a field was left (then at every keystroke), and all at Submit.
    mode: "onTouched",
    defaultValues: { name: "", replyEmail: "", message: "" },
  });

  const onSubmit = async (message: ContactMessage) => {
    try {
      await sendContactMessage(message);
      toast.show({ severity: "success", summary: t("contact.sentTitle"), detail: t("contact.sent"), life: 6000 });
      reset();
    } catch (error) {
      const reason = error instanceof AppError ? t(error.shortMessage, error.values) : t("errors.unknown");
      toast.show({ severity: "error", summary: t("contact.failedTitle"), detail: t("contact.failed", { reason }) });
    }
  };

  const errorText = (error: FieldError | undefined) =>
    error?.message ? t(error.message, errorValues[error.message] ?? {}) : undefined;
  const typeError = errorText(errors.type);

  return (
    <div className="page page-stack contact">
      <h1>{t("contact.heading")}</h1>
      <p>{t("contact.intro")}</p>
      <Card raised className="contact-card">
        <form className="form-stack contact-form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <ChoiceGroup legend={t("contact.type")} aria-describedby={typeError ? `${id}-type-error` : undefined}>
            {TYPES.map((type) => (
              <Checkbox
                key={type}
                radio
                value={type}
                label={t(`contact.types.${type}`)}
                aria-invalid={typeError ? true : undefined}
                {...register("type")}
              />
            ))}
            {typeError ? (
              <p id={`${id}-type-error`} className="ui-field__error" role="alert">
                {typeError}
              </p>
            ) : null}
          </ChoiceGroup>
          <Field label={t("contact.name")} error={errorText(errors.name)}>
            {(control) => <input autoComplete="name" {...control} {...register("name")} />}
          </Field>
          <Field
            label={t("contact.replyEmail")}
            hint={t("contact.replyEmailHint")}
            error={errorText(errors.replyEmail)}
          >
            {(control) => (
              <input type="email" autoComplete="email" inputMode="email" {...control} {...register("replyEmail")} />
            )}
          </Field>
          <Field label={t("contact.message")} error={errorText(errors.message)}>
            {(control) => <textarea rows={6} {...control} {...register("message")} />}
          </Field>
          <Button type="submit" loading={isSubmitting}>
            {isSubmitting ? t("contact.sending") : t("contact.submit")}
          </Button>
        </form>
      </Card>
    </div>
  );
}
