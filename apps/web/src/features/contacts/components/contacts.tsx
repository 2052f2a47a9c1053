import { Button, Group, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CONTACT_SEARCH_MAX, CONTACTS_PAGE_SIZE, type Contact } from '@switchboard/shared/contacts';
import { IconAddressBook, IconFileImport, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { TestFilter } from '@switchboard/shared/test-marks';
import { EmptyPanel } from '../../../components/empty-panel';
import { FiltersFold } from '../../../components/filters-fold';
import { parseTestFilter, TestFilterSelect } from '../../../components/test-mark';
import { useSearchParamsUpdater } from '../../../lib/use-search-params-updater';
import { usePaginationParams } from '../../../lib/use-pagination-params';
import { useContactPage } from '../api/list-contacts';
import { useContactSearch } from '../hooks/use-contact-search';
import { ContactFormModal } from './contact-form-modal';
import { ContactsTable } from './contacts-table';
import { DeleteContactModal } from './delete-contact-modal';
import { ImportContactsModal } from './import-contacts-modal';
import { ImportHistory } from './import-history';

/** The business's contacts: search, one page, add/edit/delete, imports and their history. */
/** `timeZone`: the business's; every date is shown in it. */
export function Contacts({ timeZone }: { timeZone: string }) {
  const { page, limit, setPagination } = usePaginationParams(CONTACTS_PAGE_SIZE);
  const { search, setSearch } = useContactSearch();
  const [params, updateParams] = useSearchParamsUpdater();
  const test = parseTestFilter(params.get('test'));
  const setTest = (value: TestFilter) =>
    updateParams((current) => {
      if (value === 'include') current.delete('test');
      else current.set('test', value);
      current.delete('page');
      return current;
    });
  const contacts = useContactPage({ page, limit, search, test });
  const [formOpened, form] = useDisclosure(false);
  const [editing, setEditing] = useState<Contact | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [importOpened, importModal] = useDisclosure(false);

  const openAdd = () => {
    setEditing(null);
    form.open();
  };
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={openAdd}>
      Add contact
    </Button>
  );
  const importButton = (
    <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={importModal.open}>
      Import contacts
    </Button>
  );

  const empty =
    search || test !== 'include' ? (
      <EmptyPanel
        icon={IconSearch}
        title="No contacts match this search"
        description="Search looks in names, email addresses and phone numbers."
        action={
          <Button
            variant="light"
            onClick={() => {
              setSearch('');
              setTest('include');
            }}
          >
            Clear the search and filters
          </Button>
        }
      />
    ) : (
      <EmptyPanel
        icon={IconAddressBook}
        title="No contacts yet"
        description="Add people by hand, import a CSV or Excel list, or let your agents add the callers they talk to."
        action={
          <Group justify="center" gap="sm">
            {addButton}
            {importButton}
          </Group>
        }
      />
    );

  return (
    <>
      <Group justify="space-between" gap="sm" mb="md" align="flex-end">
        <Group gap="sm" align="flex-end" w={{ base: '100%', sm: 'auto' }}>
          <SearchBox key={search} initial={search} onSearch={setSearch} />
          <FiltersFold active={test === 'include' ? 0 : 1}>
            <TestFilterSelect value={test} onChange={setTest} w={{ base: '100%', sm: 210 }} />
          </FiltersFold>
        </Group>
        <Group gap="sm">
          {importButton}
          {addButton}
        </Group>
      </Group>
      <ContactsTable
        query={contacts}
        empty={empty}
        onPage={setPagination}
        onEdit={(contact) => {
          setEditing(contact);
          form.open();
        }}
        onDelete={setDeleting}
        timeZone={timeZone}
      />
      <ImportHistory timeZone={timeZone} />
      <ContactFormModal opened={formOpened} item={editing} onClose={form.close} />
      <DeleteContactModal contact={deleting} onClose={() => setDeleting(null)} />
      <ImportContactsModal opened={importOpened} onClose={importModal.close} />
    </>
  );
}

/** Applies on Enter or when focus leaves, not on every key (each search is a request). */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TextInput
      aria-label="Search contacts"
      placeholder="Search name, email or phone"
      leftSection={<IconSearch size={16} />}
      value={value}
      maxLength={CONTACT_SEARCH_MAX}
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(value);
      }}
      onBlur={() => onSearch(value)}
      w={{ base: '100%', xs: 320 }}
    />
  );
}
