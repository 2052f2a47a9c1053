import {
  Alert,
  Button,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import {
  flipLastFirst,
  foreignNumbersWarning,
  isLastFirst,
  type ContactImport,
  type ContactImportOnMatch,
  type ContactImportOptions,
  type ContactImportPreview,
} from '@switchboard/shared/contact-imports';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCommitContactImport } from '../api/commit-contact-import';
import { countries } from '@switchboard/shared/countries';
import {
  checkImportMapping,
  IMPORT_FIELDS,
  mappingFromSuggestion,
  sampleValues,
  type ImportMapping,
} from '../utils/import-mapping';
import { FormAlert } from '../../../components/form-alert';

const COUNTRY_OPTIONS = countries.map(({ code, name }) => ({ value: code, label: name }));

const NONE = 'none';

const countryName = (code: string | null) =>
  countries.find((country) => country.code === code)?.name ?? code ?? 'your country';

/** What a row matching a contact you have does, in the order offered. */
const ON_MATCH: { value: ContactImportOnMatch; label: string; description: string }[] = [
  {
    value: 'update',
    label: 'Update the contact',
    description: 'Fill in what it lacks and add the row’s other numbers and emails',
  },
  { value: 'skip', label: 'Skip the row', description: 'Leave the contact as it is' },
  {
    value: 'create',
    label: 'Add a new contact',
    description: 'The shared number or email stays with the contact you have',
  },
];

type ImportMappingStepProps = {
  upload: ContactImport;
  preview: ContactImportPreview;
  onCommitted: (row: ContactImport) => void;
  onStartOver: () => void;
};

/** The file's first rows, and which column fills which contact field (the server's guess first). */
export function ImportMappingStep({
  upload,
  preview,
  onCommitted,
  onStartOver,
}: ImportMappingStepProps) {
  const commit = useCommitContactImport();
  const [mapping, setMapping] = useState<ImportMapping>(() =>
    mappingFromSuggestion(preview.suggestedMapping, preview.headers.length),
  );
  const [country, setCountry] = useState<string | null>(preview.defaultCountry);
  const [choices, setChoices] = useState<ContactImportOptions>(preview.suggestedOptions);
  const [tried, setTried] = useState(false);
  const errors = tried ? checkImportMapping(mapping, preview.headers.length) : {};

  const columns = preview.headers.map((header, index) => ({
    value: String(index),
    label: header.trim() || `Column ${index + 1}`,
  }));
  const options = [{ value: NONE, label: '—' }, ...columns];

  const submit = () => {
    setTried(true);
    if (Object.keys(checkImportMapping(mapping, preview.headers.length)).length > 0) return;
    commit.mutate(
      { importId: upload.id, mapping, options: choices, ...(country === null ? {} : { country }) },
      { onSuccess: onCommitted },
    );
  };

  const rows = upload.totalRows;
  const { foreign } = preview.phoneCheck;
  // Said while it still holds: no country column chosen, numbers read in the business's country.
  const warnForeign =
    foreign > 0 && mapping.country === undefined && country === preview.defaultCountry;
  const foreignFrom = preview.phoneCheck.countries.slice(0, 3).map(countryName);
  const lastFirstExample =
    mapping.name === undefined
      ? undefined
      : preview.sample.map((row) => (row[mapping.name!] ?? '').trim()).find(isLastFirst);
  return (
    <Stack gap="md">
      <Text size="sm">
        <Text span fw={500}>
          {upload.fileName}
        </Text>{' '}
        — choose the column for each contact field. Fields left at “—” are not imported. A contact
        gets the first valid phone and email; the others are kept as its other numbers and emails.
      </Text>
      {preview.mappingRemembered && (
        <Text size="sm" c="dimmed">
          These columns and choices are set as you set them the last time you imported a file like
          this one.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
        {IMPORT_FIELDS.map(({ field, label }) => (
          <Select
            key={field}
            label={label}
            data={options}
            value={mapping[field] === undefined ? NONE : String(mapping[field])}
            onChange={(value) =>
              setMapping((current) => {
                const next = { ...current };
                if (value === null || value === NONE) delete next[field];
                else next[field] = Number(value);
                return next;
              })
            }
            allowDeselect={false}
            error={errors[field]}
            description={
              sampleValues(preview.sample, mapping[field]).join(' · ') ||
              (mapping[field] === undefined ? 'Not imported' : 'Empty in the first rows')
            }
          />
        ))}
        <Select
          label="Country for national numbers"
          description="Numbers without a country code are read as numbers of this country"
          data={COUNTRY_OPTIONS}
          value={country}
          onChange={setCountry}
          searchable
          clearable
          placeholder="Only international numbers"
        />
      </SimpleGrid>
      {warnForeign && (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={20} />} role="status">
          {foreignNumbersWarning(foreign, countryName(preview.defaultCountry))}
          {foreignFrom.length > 0 &&
            ` Numbers with a country code are from ${foreignFrom.join(', ')}.`}
        </Alert>
      )}
      <Stack gap="xs">
        <Switch
          label="Names are written “Last, First”: turn them around"
          description={
            mapping.name === undefined
              ? 'Only for a name column'
              : lastFirstExample === undefined
                ? 'No name in the first rows is written this way'
                : `${lastFirstExample} → ${flipLastFirst(lastFirstExample)}`
          }
          checked={choices.flipNames}
          disabled={mapping.name === undefined}
          onChange={(event) => {
            const flipNames = event.currentTarget.checked;
            setChoices((current) => ({ ...current, flipNames }));
          }}
        />
        <Radio.Group
          label="When a row has the phone number or email of a contact you already have"
          value={choices.onMatch}
          onChange={(value) => setChoices((current) => ({ ...current, onMatch: value }))}
        >
          <Stack gap={6} mt={6}>
            {ON_MATCH.map((choice) => (
              <Radio
                key={choice.value}
                value={choice.value}
                label={choice.label}
                description={choice.description}
              />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
      <Text size="xs" c="dimmed">
        The file has {preview.headers.length} columns; scroll the table sideways to see them all.
      </Text>
      <Paper withBorder style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={Math.max(480, preview.headers.length * 140)}>
          <Table verticalSpacing="xs" fz="sm" aria-label="The first rows of the file">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.value}>{column.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.sample.map((row, rowIndex) => (
                <Table.Tr key={rowIndex}>
                  {columns.map((column, columnIndex) => (
                    <Table.Td key={column.value}>{row[columnIndex] ?? ''}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {commit.isError && <FormAlert title="Could not start the import" error={commit.error} />}
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={onStartOver} disabled={commit.isPending}>
          Choose another file
        </Button>
        <Button onClick={submit} loading={commit.isPending}>
          {rows === null ? 'Import the rows' : `Import ${rows} ${rows === 1 ? 'row' : 'rows'}`}
        </Button>
      </Group>
    </Stack>
  );
}
