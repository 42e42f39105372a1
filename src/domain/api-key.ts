/** An API key's state (issue 26), computed on read (schemas/apiKeys.json): enums.apiKeyStatus labels it. */
export const ApiKeyStatus = { active: 1, revoked: 2, expired: 3 } as const;
