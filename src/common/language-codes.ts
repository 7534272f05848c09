let codesByName: Map<string, string> | undefined;

/**
 * 'Hindi' -> 'hi': the ISO 639-1 code of a language named in English, which harvesters expect; a value that
 * looks like a code already, or names no language known here, is kept as written.
 */
export function languageCode(language: string): string {
  if (/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(language)) return language.toLowerCase();
  codesByName ??= languageCodesByName();
  return codesByName.get(language.toLowerCase()) ?? language;
}

function languageCodesByName(): Map<string, string> {
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  const codes = new Map<string, string>();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const first of letters) {
    for (const second of letters) {
      const code = new Intl.Locale(first + second).language;
      const name = names.of(code);
      if (name && name !== code && !codes.has(name.toLowerCase())) codes.set(name.toLowerCase(), code);
    }
  }
  return codes;
}
