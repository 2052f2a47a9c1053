import { render, screen, waitFor } from '@testing-library/react';
import { setupUser } from '../test/user';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FORM_CHECKS_UNAVAILABLE, useDeferredZodForm } from './use-deferred-zod-form';

const schema = z.object({ name: z.string().trim().min(1, 'Name is required') });
type Values = z.input<typeof schema>;

function NameForm({
  loadSchema,
  onValid,
}: {
  loadSchema: () => Promise<typeof schema>;
  onValid: (values: z.output<typeof schema>) => void;
}) {
  const { form, fieldProps } = useDeferredZodForm<Values>(loadSchema, { name: '' });
  const { error, ...field } = fieldProps('name');
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <label>
        Name
        <input {...field} />
      </label>
      {error && <p>{error}</p>}
      {form.formState.errors.root && <p role="alert">{form.formState.errors.root.message}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

describe('useDeferredZodForm', () => {
  it('fetches its schema once the page is idle, before any submit, and only once', async () => {
    const loadSchema = vi.fn(() => Promise.resolve(schema));
    const onValid = vi.fn();
    const user = setupUser();
    render(<NameForm loadSchema={loadSchema} onValid={onValid} />);

    await waitFor(() => expect(loadSchema).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), '  Ada ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Ada' }, expect.anything()));
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });

  it('a submit while the schema is on its way waits for it', async () => {
    let arrive: (value: typeof schema) => void = () => undefined;
    const loadSchema = vi.fn(() => new Promise<typeof schema>((resolve) => (arrive = resolve)));
    const onValid = vi.fn();
    const user = setupUser();
    render(<NameForm loadSchema={loadSchema} onValid={onValid} />);

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).not.toHaveBeenCalled();
    arrive(schema);

    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Ada' }, expect.anything()));
  });

  it('says so when the schema cannot be fetched, sends nothing, and tries again on the next submit', async () => {
    const loadSchema = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(schema);
    const onValid = vi.fn();
    const user = setupUser();
    render(<NameForm loadSchema={loadSchema} onValid={onValid} />);
    // The fetch on idle fails first.
    await waitFor(() => expect(loadSchema).toHaveBeenCalledTimes(1));

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(FORM_CHECKS_UNAVAILABLE);
    expect(onValid).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Ada' }, expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
