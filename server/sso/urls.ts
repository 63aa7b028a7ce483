/**
 * The portal's fixed addresses for identity providers, from PUBLIC_ORIGIN (never a request's Host:
 * a forged Host must not become the address a provider sends answers to).
 */
export function serviceProviderUrls(publicOrigin: string) {
  const api = `${publicOrigin}/api/sso`;
  return {
    entityId: `${api}/saml/metadata`,
    acsUrl: `${api}/saml/acs`,
    sloUrl: `${api}/saml/slo`,
    metadataUrl: `${api}/saml/metadata`,
    oidcRedirectUri: `${api}/oidc/callback`,
    oidcPostLogoutUri: `${publicOrigin}/logout`,
  };
}
