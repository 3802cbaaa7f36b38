'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { fieldBinder, SubmitButton, TextField } from '@/components/forms/fields';
import { CurrentImageInput } from '@/components/forms/image-input';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { PasswordField } from '@/components/forms/password-field';
import { type SchemaLoader, useSchemaForm } from '@/components/forms/use-schema-form';
import { useApi } from '@/components/hooks/use-api';
import type { registerUserBodySchema, updateUserBodySchema } from '@/lib/schemas/account';
import { PasswordLinkRequest } from './password-link-request';
import { preRegistrationKey } from './pre-registration';

// The API's schema, loaded after the page (SchemaLoader): zod stays out of the page's first load.
const loadRegisterSchema = () => import('@/lib/schemas/account').then((m) => m.registerUserBodySchema);
const loadUpdateSchema = () => import('@/lib/schemas/account').then((m) => m.updateUserBodySchema);

export interface UserFormInitial {
  first_name: string;
  last_name: string;
  email: string;
  city: string;
  image: string | null;
  mail_updates: boolean;
  /** False for an account made by social sign-in that has not set a password yet. */
  has_password: boolean;
}

/**
 * Spec §5 user form: every field required; the password on create (at least 8 characters, repeated),
 * on edit only to change it, and then (or for a new e-mail) with the current password. An account
 * without a password asks for a link to set one instead, and keeps its e-mail until it has one.
 */
export function UserForm({
  mode,
  userId,
  initial,
  onDone,
}: {
  mode: 'register' | 'edit';
  userId?: number;
  initial?: UserFormInitial;
  onDone: (message: string) => void;
}) {
  const t = useTranslations('user_form');
  const api = useApi();
  const formRef = useRef<HTMLFormElement>(null);
  const passwordless = mode === 'edit' && initial?.has_password === false;
  const schema: SchemaLoader<typeof registerUserBodySchema | typeof updateUserBodySchema> =
    mode === 'register' ? loadRegisterSchema : loadUpdateSchema;
  const { errors, pending, onSubmit } = useSchemaForm(schema, async (form) => {
    const body = new FormData(form);
    if (mode === 'edit') {
      body.set('_method', 'PUT');
      // An unticked box is not sent at all, and the API reads absence as "unchanged".
      const mailUpdates = form.elements.namedItem('mail_updates') as HTMLInputElement | null;
      body.set('mail_updates', mailUpdates?.checked ? '1' : '0');
    }
    const res =
      mode === 'register'
        ? await api('/api/user', { method: 'POST', body, overlay: true })
        : await api('/api/user/{id}', {
            method: 'POST',
            params: { id: userId as number },
            body,
            overlay: true,
          });
    if (mode === 'register') sessionStorage.removeItem(preRegistrationKey);
    onDone(res.message);
  });

  const field = fieldBinder<'first_name' | 'last_name' | 'email' | 'city'>(t, errors, initial);

  // Data a social sign-in handed over (spec §4) fills the empty fields once.
  useEffect(() => {
    if (mode !== 'register' || !formRef.current) return;
    const raw = sessionStorage.getItem(preRegistrationKey);
    if (!raw) return;
    const data = JSON.parse(raw) as Record<string, string | null>;
    for (const key of ['first_name', 'last_name', 'email'] as const) {
      const input = formRef.current.elements.namedItem(key) as HTMLInputElement | null;
      if (input && !input.value && data[key]) input.value = data[key] ?? '';
    }
  }, [mode]);

  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-label={t(mode === 'register' ? 'title_register' : 'title_edit')}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField {...field('first_name')} required autoComplete="given-name" />
      <TextField {...field('last_name')} required autoComplete="family-name" />
      <TextField
        {...field('email')}
        type="email"
        required
        autoComplete="email"
        readOnly={passwordless}
        hint={passwordless ? t('email_needs_password') : undefined}
      />
      <TextField {...field('city')} required autoComplete="address-level2" />
      {passwordless ? (
        <PasswordLinkRequest email={initial?.email ?? ''} className="sm:col-span-2" />
      ) : (
        <NewPasswordFields
          label={mode === 'register' ? t('password') : t('new_password')}
          repeatLabel={t('password_repeat')}
          errors={errors}
          required={mode === 'register'}
        />
      )}
      {mode === 'edit' && !passwordless && (
        <p className="text-sm text-slate-600 sm:col-span-2">{t('password_hint')}</p>
      )}
      {mode === 'edit' && !passwordless && (
        <div className="sm:col-span-2">
          <PasswordField
            name="current_password"
            label={t('current_password')}
            errors={errors}
            autoComplete="current-password"
          />
          <p className="mt-1 text-sm text-slate-600">{t('current_password_hint')}</p>
        </div>
      )}
      <CurrentImageInput
        name="image"
        label={t('image')}
        errors={errors}
        current={initial?.image}
        currentAlt={t('current_image')}
        imageClassName="mb-2 h-20 w-20 rounded-full object-cover"
        className="sm:col-span-2"
      />
      {mode === 'edit' && (
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            name="mail_updates"
            value="1"
            defaultChecked={initial?.mail_updates ?? true}
            className="h-4 w-4"
          />
          {t('mail_updates')}
        </label>
      )}
      <div className="sm:col-span-2">
        <SubmitButton pending={pending}>
          {mode === 'register' ? t('submit_register') : t('submit_edit')}
        </SubmitButton>
      </div>
    </form>
  );
}
