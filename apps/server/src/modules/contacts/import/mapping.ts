/**
 * Which column holds what. The preview suggests a mapping from the header row; the person may
 * change it, and the edited mapping is validated before anything is written.
 */
import {
  MAPPING_FIELDS,
  type Mapping,
  type MappingField,
} from '@switchboard/shared/contact-imports';

/** Lower case, accents dropped, only letters and digits: "E-Mail", "e mail" and "Email" agree. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const SYNONYMS: Record<MappingField, string[]> = {
  name: [
    'name',
    'full name',
    'contact',
    'contact name',
    'display name',
    'nombre',
    'nombre completo',
    'nom complet',
    'nom',
    'vollständiger name',
  ],
  firstName: [
    'first name',
    'firstname',
    'given name',
    'forename',
    'first',
    'vorname',
    'prénom',
    'nombre de pila',
  ],
  lastName: [
    'last name',
    'surname',
    'family name',
    'last',
    'nachname',
    'familienname',
    'apellido',
    'apellidos',
    'nom de famille',
  ],
  phone: [
    'phone',
    'phone number',
    'mobile',
    'mobile phone',
    'mobile number',
    'cell',
    'cell phone',
    'telephone',
    'tel',
    'number',
    'phone no',
    'teléfono',
    'telefono',
    'móvil',
    'celular',
    'telefon',
    'telefonnummer',
    'handy',
    'mobil',
    'téléphone',
    'portable',
    'numéro de téléphone',
  ],
  email: [
    'email',
    'e-mail',
    'email address',
    'e-mail address',
    'mail',
    'correo',
    'correo electrónico',
    'e-mail-adresse',
    'courriel',
    'adresse e-mail',
  ],
  company: [
    'company',
    'company name',
    'organisation',
    'organization',
    'business',
    'employer',
    'empresa',
    'firma',
    'unternehmen',
    'société',
    'entreprise',
  ],
  notes: [
    'notes',
    'note',
    'comments',
    'comment',
    'remarks',
    'notas',
    'comentarios',
    'notizen',
    'bemerkungen',
    'remarques',
    'commentaires',
  ],
};

const BY_SYNONYM = new Map<string, MappingField>();
for (const field of MAPPING_FIELDS)
  for (const synonym of SYNONYMS[field]) BY_SYNONYM.set(normalizeHeader(synonym), field);

/** Words that, inside a longer header ("Work Phone", "Email 2"), still give the field away. */
const KEYWORDS: [MappingField, RegExp][] = [
  ['email', /e-?mail|correo|courriel/],
  ['phone', /phone|mobile|\bcell\b|\btel\b|telef|téléph/],
];

/**
 * The first column whose header is a known name for a field gets it; each column serves one
 * field. When the file has a first-name column and a bare "name" ("Vorname" + "Name", "Prénom" +
 * "Nom"), the bare one is the surname; with a surname column but no first-name one ("Nombre" +
 * "Apellidos"), the bare one is the first name.
 */
export function suggestMapping(headers: string[]): Mapping {
  const mapping: Mapping = {};
  const used = new Set<number>();
  headers.forEach((header, index) => {
    const field = BY_SYNONYM.get(normalizeHeader(header));
    if (field !== undefined && mapping[field] === undefined) {
      mapping[field] = index;
      used.add(index);
    }
  });
  for (const [field, pattern] of KEYWORDS) {
    if (mapping[field] !== undefined) continue;
    const index = headers.findIndex((h, i) => !used.has(i) && pattern.test(h.toLowerCase()));
    if (index >= 0) {
      mapping[field] = index;
      used.add(index);
    }
  }
  if (mapping.name !== undefined) {
    if (mapping.firstName !== undefined && mapping.lastName === undefined) {
      mapping.lastName = mapping.name;
      delete mapping.name;
    } else if (mapping.lastName !== undefined && mapping.firstName === undefined) {
      mapping.firstName = mapping.name;
      delete mapping.name;
    }
  }
  return mapping;
}
