/**
 * ISO 3166-1 alpha-2 codes with English short names, sorted by name: the sign-up form's country
 * picker (a business's `country` is the name, e.g. "Ireland") and the server's way from that
 * name to the region its phone numbers are read in. Static on purpose: no network, no locale
 * data at runtime.
 */
export type Country = { code: string; name: string };

// prettier-ignore
const COUNTRY_ROWS: ReadonlyArray<readonly [code: string, name: string]> = [
  ['AF', 'Afghanistan'], ['AX', 'Åland Islands'], ['AL', 'Albania'], ['DZ', 'Algeria'],
  ['AS', 'American Samoa'], ['AD', 'Andorra'], ['AO', 'Angola'], ['AI', 'Anguilla'],
  ['AQ', 'Antarctica'], ['AG', 'Antigua and Barbuda'], ['AR', 'Argentina'], ['AM', 'Armenia'],
  ['AW', 'Aruba'], ['AU', 'Australia'], ['AT', 'Austria'], ['AZ', 'Azerbaijan'],
  ['BS', 'Bahamas'], ['BH', 'Bahrain'], ['BD', 'Bangladesh'], ['BB', 'Barbados'],
  ['BY', 'Belarus'], ['BE', 'Belgium'], ['BZ', 'Belize'], ['BJ', 'Benin'], ['BM', 'Bermuda'],
  ['BT', 'Bhutan'], ['BO', 'Bolivia'], ['BA', 'Bosnia and Herzegovina'], ['BW', 'Botswana'],
  ['BV', 'Bouvet Island'], ['BR', 'Brazil'], ['IO', 'British Indian Ocean Territory'],
  ['VG', 'British Virgin Islands'], ['BN', 'Brunei'], ['BG', 'Bulgaria'],
  ['BF', 'Burkina Faso'], ['BI', 'Burundi'], ['KH', 'Cambodia'], ['CM', 'Cameroon'],
  ['CA', 'Canada'], ['CV', 'Cape Verde'], ['BQ', 'Caribbean Netherlands'],
  ['KY', 'Cayman Islands'], ['CF', 'Central African Republic'], ['TD', 'Chad'], ['CL', 'Chile'],
  ['CN', 'China'], ['CX', 'Christmas Island'], ['CC', 'Cocos (Keeling) Islands'],
  ['CO', 'Colombia'], ['KM', 'Comoros'], ['CK', 'Cook Islands'], ['CR', 'Costa Rica'],
  ['CI', 'Côte d’Ivoire'], ['HR', 'Croatia'], ['CU', 'Cuba'], ['CW', 'Curaçao'],
  ['CY', 'Cyprus'], ['CZ', 'Czechia'], ['CD', 'Democratic Republic of the Congo'],
  ['DK', 'Denmark'], ['DJ', 'Djibouti'], ['DM', 'Dominica'], ['DO', 'Dominican Republic'],
  ['EC', 'Ecuador'], ['EG', 'Egypt'], ['SV', 'El Salvador'], ['GQ', 'Equatorial Guinea'],
  ['ER', 'Eritrea'], ['EE', 'Estonia'], ['SZ', 'Eswatini'], ['ET', 'Ethiopia'],
  ['FK', 'Falkland Islands'], ['FO', 'Faroe Islands'], ['FJ', 'Fiji'], ['FI', 'Finland'],
  ['FR', 'France'], ['GF', 'French Guiana'], ['PF', 'French Polynesia'],
  ['TF', 'French Southern Territories'], ['GA', 'Gabon'], ['GM', 'Gambia'], ['GE', 'Georgia'],
  ['DE', 'Germany'], ['GH', 'Ghana'], ['GI', 'Gibraltar'], ['GR', 'Greece'],
  ['GL', 'Greenland'], ['GD', 'Grenada'], ['GP', 'Guadeloupe'], ['GU', 'Guam'],
  ['GT', 'Guatemala'], ['GG', 'Guernsey'], ['GN', 'Guinea'], ['GW', 'Guinea-Bissau'],
  ['GY', 'Guyana'], ['HT', 'Haiti'], ['HM', 'Heard and McDonald Islands'], ['HN', 'Honduras'],
  ['HK', 'Hong Kong'], ['HU', 'Hungary'], ['IS', 'Iceland'], ['IN', 'India'],
  ['ID', 'Indonesia'], ['IR', 'Iran'], ['IQ', 'Iraq'], ['IE', 'Ireland'], ['IM', 'Isle of Man'],
  ['IL', 'Israel'], ['IT', 'Italy'], ['JM', 'Jamaica'], ['JP', 'Japan'], ['JE', 'Jersey'],
  ['JO', 'Jordan'], ['KZ', 'Kazakhstan'], ['KE', 'Kenya'], ['KI', 'Kiribati'], ['KW', 'Kuwait'],
  ['KG', 'Kyrgyzstan'], ['LA', 'Laos'], ['LV', 'Latvia'], ['LB', 'Lebanon'], ['LS', 'Lesotho'],
  ['LR', 'Liberia'], ['LY', 'Libya'], ['LI', 'Liechtenstein'], ['LT', 'Lithuania'],
  ['LU', 'Luxembourg'], ['MO', 'Macao'], ['MG', 'Madagascar'], ['MW', 'Malawi'],
  ['MY', 'Malaysia'], ['MV', 'Maldives'], ['ML', 'Mali'], ['MT', 'Malta'],
  ['MH', 'Marshall Islands'], ['MQ', 'Martinique'], ['MR', 'Mauritania'], ['MU', 'Mauritius'],
  ['YT', 'Mayotte'], ['MX', 'Mexico'], ['FM', 'Micronesia'], ['MD', 'Moldova'],
  ['MC', 'Monaco'], ['MN', 'Mongolia'], ['ME', 'Montenegro'], ['MS', 'Montserrat'],
  ['MA', 'Morocco'], ['MZ', 'Mozambique'], ['MM', 'Myanmar'], ['NA', 'Namibia'],
  ['NR', 'Nauru'], ['NP', 'Nepal'], ['NL', 'Netherlands'], ['NC', 'New Caledonia'],
  ['NZ', 'New Zealand'], ['NI', 'Nicaragua'], ['NE', 'Niger'], ['NG', 'Nigeria'],
  ['NU', 'Niue'], ['NF', 'Norfolk Island'], ['KP', 'North Korea'], ['MK', 'North Macedonia'],
  ['MP', 'Northern Mariana Islands'], ['NO', 'Norway'], ['OM', 'Oman'], ['PK', 'Pakistan'],
  ['PW', 'Palau'], ['PS', 'Palestinian Territories'], ['PA', 'Panama'],
  ['PG', 'Papua New Guinea'], ['PY', 'Paraguay'], ['PE', 'Peru'], ['PH', 'Philippines'],
  ['PN', 'Pitcairn Islands'], ['PL', 'Poland'], ['PT', 'Portugal'], ['PR', 'Puerto Rico'],
  ['QA', 'Qatar'], ['CG', 'Republic of the Congo'], ['RE', 'Réunion'], ['RO', 'Romania'],
  ['RU', 'Russia'], ['RW', 'Rwanda'], ['BL', 'Saint Barthélemy'], ['SH', 'Saint Helena'],
  ['KN', 'Saint Kitts and Nevis'], ['LC', 'Saint Lucia'], ['MF', 'Saint Martin'],
  ['PM', 'Saint Pierre and Miquelon'], ['VC', 'Saint Vincent and Grenadines'], ['WS', 'Samoa'],
  ['SM', 'San Marino'], ['ST', 'São Tomé and Príncipe'], ['SA', 'Saudi Arabia'],
  ['SN', 'Senegal'], ['RS', 'Serbia'], ['SC', 'Seychelles'], ['SL', 'Sierra Leone'],
  ['SG', 'Singapore'], ['SX', 'Sint Maarten'], ['SK', 'Slovakia'], ['SI', 'Slovenia'],
  ['SB', 'Solomon Islands'], ['SO', 'Somalia'], ['ZA', 'South Africa'],
  ['GS', 'South Georgia and South Sandwich Islands'], ['KR', 'South Korea'],
  ['SS', 'South Sudan'], ['ES', 'Spain'], ['LK', 'Sri Lanka'], ['SD', 'Sudan'],
  ['SR', 'Suriname'], ['SJ', 'Svalbard and Jan Mayen'], ['SE', 'Sweden'], ['CH', 'Switzerland'],
  ['SY', 'Syria'], ['TW', 'Taiwan'], ['TJ', 'Tajikistan'], ['TZ', 'Tanzania'],
  ['TH', 'Thailand'], ['TL', 'Timor-Leste'], ['TG', 'Togo'], ['TK', 'Tokelau'], ['TO', 'Tonga'],
  ['TT', 'Trinidad and Tobago'], ['TN', 'Tunisia'], ['TR', 'Türkiye'], ['TM', 'Turkmenistan'],
  ['TC', 'Turks and Caicos Islands'], ['TV', 'Tuvalu'], ['UM', 'U.S. Outlying Islands'],
  ['VI', 'U.S. Virgin Islands'], ['UG', 'Uganda'], ['UA', 'Ukraine'],
  ['AE', 'United Arab Emirates'], ['GB', 'United Kingdom'], ['US', 'United States'],
  ['UY', 'Uruguay'], ['UZ', 'Uzbekistan'], ['VU', 'Vanuatu'], ['VA', 'Vatican City'],
  ['VE', 'Venezuela'], ['VN', 'Vietnam'], ['WF', 'Wallis and Futuna'], ['EH', 'Western Sahara'],
  ['YE', 'Yemen'], ['ZM', 'Zambia'], ['ZW', 'Zimbabwe'],
];

export const countries: readonly Country[] = COUNTRY_ROWS.map(([code, name]) => ({ code, name }));

export const countryNames: readonly string[] = countries.map((country) => country.name);

/** Other ways people write some countries (a business created before the picker, or by hand). */
// prettier-ignore
const ALIASES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['US', 'USA'], ['US', 'United States of America'], ['US', 'America'],
  ['GB', 'UK'], ['GB', 'Great Britain'], ['GB', 'Britain'], ['GB', 'England'],
  ['GB', 'Scotland'], ['GB', 'Wales'], ['GB', 'Northern Ireland'],
  ['IE', 'Republic of Ireland'], ['IE', 'Éire'], ['TR', 'Turkey'], ['CZ', 'Czech Republic'],
  ['CI', 'Ivory Coast'], ['MO', 'Macau'], ['KR', 'Korea'], ['NL', 'The Netherlands'],
  ['AE', 'UAE'],
];

/** Case, accents, apostrophe style and spacing do not matter: "cote d'ivoire" is Côte d’Ivoire. */
function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const CODES = new Set(COUNTRY_ROWS.map(([code]) => code));
const CODE_BY_NAME = new Map(
  [...COUNTRY_ROWS, ...ALIASES].map(([code, name]) => [nameKey(name), code] as const),
);

/**
 * The ISO 3166-1 alpha-2 code of a country name (or of a code given as such): "Ireland" → "IE",
 * "united states" → "US", "gb" → "GB". undefined when the text names no country we know.
 */
export function countryCodeOf(country: string | null | undefined): string | undefined {
  if (!country) return undefined;
  const key = nameKey(country);
  const byName = CODE_BY_NAME.get(key);
  if (byName) return byName;
  const code = key.toUpperCase();
  return CODES.has(code) ? code : undefined;
}

/**
 * How well a country name matches what was typed, for ranking a searchable picker: 0 the name
 * starts with it ("Ger" → Germany), 1 a later word starts with it ("Ger" → not Algeria, but
 * "Guin" → Equatorial Guinea), 2 it occurs inside a word ("Ger" → Algeria, Niger), undefined no
 * match. Case, accents and apostrophe style do not matter.
 */
export function countryMatchRank(name: string, query: string): 0 | 1 | 2 | undefined {
  const q = nameKey(query);
  if (!q) return 0;
  const key = nameKey(name);
  if (key.startsWith(q)) return 0;
  const at = key.indexOf(q);
  if (at < 0) return undefined;
  // Any later match that starts a word (after a space, hyphen, bracket or apostrophe) ranks 1.
  for (let i = at; i >= 0; i = key.indexOf(q, i + 1)) {
    if (/[\s\-('’]/.test(key[i - 1] ?? '')) return 1;
  }
  return 2;
}

/**
 * The names that match the query, prefix matches first, then word-start, then the rest; each
 * group keeps the given (alphabetical) order. An empty query keeps every name.
 */
export function rankCountryNames(names: readonly string[], query: string): string[] {
  const ranked: string[][] = [[], [], []];
  for (const name of names) {
    const rank = countryMatchRank(name, query);
    if (rank !== undefined) ranked[rank]!.push(name);
  }
  return ranked.flat();
}
