import 'server-only';

/** Who a provider says signed in; the sign-in domain links or creates the account from this alone. */
export interface SocialIdentity {
  provider: 'google' | 'facebook';
  /** The provider's stable user id (`sub` at Google, the app-scoped id at Facebook); never the e-mail. */
  subject: string;
  email: string | null;
  /** Only a verified e-mail may be matched to an existing account, or anyone could claim it. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export type SocialAuthErrorReason =
  | 'not_configured'
  | 'invalid_grant'
  | 'invalid_token'
  | 'provider_unavailable';

/** The one error the adapters throw for expected failures; the route maps `reason` to a status. */
export class SocialAuthError extends Error {
  constructor(
    readonly reason: SocialAuthErrorReason,
    message?: string,
    options?: { cause?: unknown },
  ) {
    super(message ?? reason, options);
    this.name = 'SocialAuthError';
  }
}
