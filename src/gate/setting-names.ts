/** How an edge names the platform settings that the platform client's advice names as the CLI's variables. */
export interface SettingNames {
  /** DEPGATE_API_TOKEN in the CLI. */
  apiToken: string;
  /** DEPGATE_API_URL in the CLI. */
  apiUrl: string;
}

/**
 * The platform client's advice (`set DEPGATE_API_TOKEN ...`) in the words of the edge that shows it:
 * the Action's user sets inputs, not variables.
 */
export function inSettingTerms(text: string, names: SettingNames): string {
  return text.replace(/DEPGATE_API_TOKEN/g, names.apiToken).replace(/DEPGATE_API_URL/g, names.apiUrl);
}
