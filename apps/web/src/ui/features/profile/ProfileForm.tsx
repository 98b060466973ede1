import { useSession } from "@gatehouse/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AccountUser, updateProfile } from "../../api/account.ts";
import { useErrorMessage } from "../../api/error-message.ts";
import { accountQuery, queryKeys } from "../../api/queries.ts";
import { ActionRow } from "../../components/ActionRow.tsx";
import { Card } from "../../components/Card.tsx";
import { ErrorSummary, type FormProblem, problemOf } from "../../components/ErrorSummary.tsx";
import { Notice } from "../../components/Notice.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { TextField } from "../../components/TextField.tsx";
import { Avatar } from "./Avatar.tsx";
import { MAX_NAME, validateProfile } from "./validate-profile.ts";

/** The name and the picture's URL, with a preview of the picture. */
export function ProfileForm({ user }: { user: AccountUser }) {
  const { t } = useTranslation("account");
  const { t: common } = useTranslation("common");
  const say = useErrorMessage();
  const id = useId();
  const queryClient = useQueryClient();
  const session = useSession();
  const [name, setName] = useState(user.name ?? "");
  const [image, setImage] = useState(user.image ?? "");
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [saved, setSaved] = useState(false);
  const nameId = `${id}-name`;
  const imageId = `${id}-image`;

  const save = useMutation({
    mutationFn: (profile: { name: string; image: string }) => updateProfile(profile),
    onSuccess: async (updated) => {
      queryClient.setQueryData(
        accountQuery.queryKey,
        (account) => account && { ...account, user: { ...account.user, ...updated } },
      );
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
      // The header shows the name from the session: read it again.
      await session.update();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    save.reset();
    const profile = { name: name.replace(/\s+/g, " ").trim(), image: image.trim() };
    const found = validateProfile(profile);
    const list: FormProblem[] = [];
    if (found.name) list.push({ field: nameId, message: t("profile.nameTooLong", { max: MAX_NAME }) });
    if (found.image) list.push({ field: imageId, message: t("profile.pictureNotHttps") });
    setProblems(list);
    if (list.length === 0) save.mutate(profile);
  }

  return (
    <Card title={t("profile.card")}>
      <div className="profile-preview">
        <Avatar image={user.image} name={user.name || user.email || ""} />
        <p>
          <strong data-testid="profile-name">{user.name || t("profile.noName")}</strong>
          <br />
          <span className="muted">{user.email}</span>
        </p>
      </div>
      <Notice tone="success">{saved ? t("profile.saved") : null}</Notice>
      <Notice tone="error">{save.isError ? t("profile.notSaved", { reason: say(save.error) }) : null}</Notice>
      <form className="inline-form" onSubmit={submit} noValidate>
        <ErrorSummary problems={problems} />
        <TextField
          id={nameId}
          label={t("profile.name")}
          hint={t("profile.nameHint")}
          type="text"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problemOf(problems, nameId)}
        />
        <TextField
          id={imageId}
          label={t("profile.picture")}
          hint={t("profile.pictureHint")}
          type="url"
          inputMode="url"
          autoComplete="photo"
          spellCheck={false}
          value={image}
          onChange={(event) => setImage(event.target.value)}
          error={problemOf(problems, imageId)}
        />
        <ActionRow>
          <SubmitButton pending={save.isPending} pendingLabel={common("actions.saving")}>
            {t("profile.save")}
          </SubmitButton>
        </ActionRow>
      </form>
    </Card>
  );
}
