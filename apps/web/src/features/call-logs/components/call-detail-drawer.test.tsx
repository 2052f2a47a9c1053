import { fireEvent, screen, waitFor, within, type queries } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { errorResponse } from '../../../test/fake-api';
import {
  buildCallDetail,
  buildCallLogRow,
  buildTransferredRow,
  stubCallLogsApi,
} from '../testing/fake-call-logs-api';
import { renderCallLogs } from '../testing/render-call-logs';

const CALL_ID = '3f2a9c1e-7b4d-4e21-9a0f-5c6d7e8f9a0b';

let play: Mock<() => Promise<void>>;

beforeEach(() => {
  // The test DOM plays no media: stand-ins that resolve like a browser that may play.
  play = vi.fn<() => Promise<void>>(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});

type DialogQueries = ReturnType<typeof within<typeof queries>>;

async function openDetail(search = `?call=${CALL_ID}`) {
  const rendered = renderCallLogs(search);
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('region', { name: 'Transcript' });
  return { ...rendered, dialog: within(dialog) };
}

function section(dialog: DialogQueries, name: string) {
  return within(dialog.getByRole('region', { name }));
}

function audioElement() {
  const audio = document.querySelector('audio');
  if (!audio) throw new Error('No audio element');
  return audio;
}

describe('call detail', () => {
  it('opens from ?call= with the facts of the call', async () => {
    const api = stubCallLogsApi();
    const { dialog } = await openDetail();

    expect(screen.getByRole('dialog', { name: 'Call 3f2a9c1e…' })).toBeInTheDocument();
    expect(dialog.getByText('Mar 5, 2026, 14:07')).toBeInTheDocument();
    expect(dialog.getByText('2m 5s')).toBeInTheDocument();
    expect(dialog.getAllByText('$0.42').length).toBeGreaterThan(0);
    expect(dialog.getAllByText('Pass').length).toBeGreaterThan(0);
    expect(dialog.getByText('Inbound')).toBeInTheDocument();
    expect(dialog.getByText('+353 87 123 4567')).toBeInTheDocument();
    expect(api.calls(`GET /api/calls/${CALL_ID}`)).toHaveLength(1);
  });

  it('shows the summary, evaluation, structured data, end reason and cost breakdown', async () => {
    stubCallLogsApi();
    const { dialog } = await openDetail();

    expect(
      section(dialog, 'Summary').getByText('The caller booked a cleaning for Thursday at 10:00.'),
    ).toBeInTheDocument();

    const evaluation = section(dialog, 'Success evaluation');
    expect(evaluation.getByText('true')).toBeInTheDocument();
    expect(
      evaluation.getByText('The platform judged that the call met its goal.'),
    ).toBeInTheDocument();

    const data = section(dialog, 'Structured data');
    expect(data.getByText('intent')).toBeInTheDocument();
    expect(data.getByText('book_appointment')).toBeInTheDocument();
    expect(data.getByText('partySize')).toBeInTheDocument();
    expect(data.getByText('1')).toBeInTheDocument();
    // A nested value is shown as JSON.
    expect(data.getByText(/"day": "Thursday"/)).toBeInTheDocument();

    const outputs = section(dialog, 'Structured outputs');
    expect(outputs.getByText('Caller details')).toBeInTheDocument();
    expect(outputs.getByText('callerName')).toBeInTheDocument();
    expect(outputs.getByText('Aoife Byrne')).toBeInTheDocument();
    expect(outputs.getByText('false')).toBeInTheDocument();
    expect(outputs.getByText('Mood')).toBeInTheDocument();
    expect(outputs.getByText('calm')).toBeInTheDocument();

    const endReason = section(dialog, 'End reason');
    expect(endReason.getByText('The caller hung up.')).toBeInTheDocument();
    expect(endReason.getByText('customer-ended-call')).toBeInTheDocument();

    const costs = section(dialog, 'Cost breakdown');
    const rows = costs.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['Transport$0.05', 'Model$0.25', 'Voice$0.12', 'Total$0.42']);

    expect(dialog.queryByRole('region', { name: 'Transfer destination' })).not.toBeInTheDocument();
  });

  it('says why a call without an evaluation passed or failed, and where it was transferred', async () => {
    const row = buildTransferredRow();
    stubCallLogsApi({
      details: [
        buildCallDetail({
          row,
          successEvaluationRaw: null,
          structuredData: null,
          structuredOutputs: [],
          summary: null,
          endReasonText: 'The agent transferred the call.',
          transfer: { number: '+353 1 555 0199', name: 'Reception', status: 'completed' },
          costBreakdown: [],
        }),
      ],
    });
    const { dialog } = await openDetail(`?call=${row.id}`);

    expect(
      section(dialog, 'Success evaluation').getByText(
        /gave no evaluation, so the call counts as a fail/,
      ),
    ).toBeInTheDocument();
    const transfer = section(dialog, 'Transfer destination');
    expect(transfer.getByText('+353 1 555 0199')).toBeInTheDocument();
    expect(transfer.getByText('Reception')).toBeInTheDocument();
    expect(transfer.getByText('completed')).toBeInTheDocument();
    expect(
      section(dialog, 'Structured data').getByText(/extracted no structured data/),
    ).toBeInTheDocument();
    expect(section(dialog, 'Summary').getByText(/wrote no summary/)).toBeInTheDocument();
    expect(
      section(dialog, 'Structured outputs').getByText(/No structured output was extracted/),
    ).toBeInTheDocument();
  });

  it('plays the recording from our own address, loading only its metadata first', async () => {
    stubCallLogsApi();
    await openDetail();

    const audio = audioElement();
    expect(audio).toHaveAttribute('src', `/api/calls/${CALL_ID}/recording`);
    expect(audio).toHaveAttribute('preload', 'metadata');
    expect(audio).toHaveAttribute('controls');
  });

  it('says so when the recording cannot be loaded', async () => {
    stubCallLogsApi();
    const { dialog } = await openDetail();

    expect(dialog.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    fireEvent.error(audioElement());
    expect(
      await dialog.findByText('The recording could not be loaded from the voice platform.'),
    ).toBeInTheDocument();
  });

  it('shows the transcript as speaker bubbles with their time in the call', async () => {
    stubCallLogsApi();
    const { dialog } = await openDetail();

    const lines = section(dialog, 'Transcript').getAllByRole('button');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Front desk · 0:00Bright Smile Dental, how can I help?',
      'Caller · 0:04I would like to book a cleaning.',
      'Tool · 0:30book_appointment({"day":"Thursday"})',
      'Front desk · 0:42You are booked for Thursday at 10:00.',
    ]);
  });

  it("marks the call log's searched words in the transcript", async () => {
    stubCallLogsApi();
    const { dialog } = await openDetail(`?call=${CALL_ID}&q=booked`);

    const marks = section(dialog, 'Transcript').getAllByText(
      (_, element) => element?.tagName === 'MARK',
    );
    // "booked" finds every form the search finds: book, booked (and the tool's book_…).
    expect(marks.map((mark) => mark.textContent)).toEqual(['book', 'book', 'booked']);
    // Only the words: each line reads as before.
    expect(section(dialog, 'Transcript').getAllByRole('button')[1]).toHaveTextContent(
      'Caller · 0:04I would like to book a cleaning.',
    );
  });

  it('seeks the recording to a line and plays it, from a click or the keyboard', async () => {
    stubCallLogsApi();
    const { dialog, user } = await openDetail();
    const transcript = section(dialog, 'Transcript');
    const audio = audioElement();

    await user.click(transcript.getByRole('button', { name: /I would like to book/ }));
    expect(audio.currentTime).toBe(4);
    expect(play).toHaveBeenCalledTimes(1);
    expect(transcript.getByRole('button', { name: /I would like to book/ })).toHaveAttribute(
      'aria-current',
      'true',
    );

    transcript.getByRole('button', { name: /You are booked/ }).focus();
    await user.keyboard('{Enter}');
    expect(audio.currentTime).toBe(42);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('highlights the line being played as the recording advances', async () => {
    stubCallLogsApi();
    const { dialog } = await openDetail();
    const transcript = section(dialog, 'Transcript');
    const audio = audioElement();
    const current = () =>
      transcript
        .getAllByRole('button')
        .filter((line) => line.getAttribute('aria-current') === 'true')
        .map((line) => line.textContent);

    expect(current()).toEqual([]);
    audio.currentTime = 31;
    fireEvent.timeUpdate(audio);
    expect(current()).toEqual(['Tool · 0:30book_appointment({"day":"Thursday"})']);
    audio.currentTime = 45;
    fireEvent.timeUpdate(audio);
    expect(current()).toEqual(['Front desk · 0:42You are booked for Thursday at 10:00.']);
  });

  it('shows no player, and plain lines, for a call without a recording', async () => {
    stubCallLogsApi({ details: [buildCallDetail({ recordingUrl: null })] });
    const { dialog } = await openDetail();

    expect(document.querySelector('audio')).toBeNull();
    expect(dialog.getByText('There is no recording of this call.')).toBeInTheDocument();
    expect(section(dialog, 'Transcript').queryAllByRole('button')).toEqual([]);
    expect(dialog.getByText('I would like to book a cleaning.')).toBeInTheDocument();
  });

  it("links to the caller's contact, enquiries and appointments", async () => {
    stubCallLogsApi();
    const { dialog } = await openDetail();

    const links = section(dialog, "Caller's contact, enquiries and appointments");
    const search = `search=${encodeURIComponent('+353 87 123 4567').replaceAll('%20', '+')}`;
    expect(links.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      `/contacts?${search}`,
    );
    expect(links.getByRole('link', { name: 'Enquiries' })).toHaveAttribute(
      'href',
      `/enquiries?${search}`,
    );
    expect(links.getByRole('link', { name: 'Appointments' })).toHaveAttribute(
      'href',
      `/appointments?${search}`,
    );
  });

  it('has no caller links for a call without a customer number', async () => {
    const row = buildCallLogRow({ customerPhone: '-', callType: 'web' });
    stubCallLogsApi({ details: [buildCallDetail({ row, customerNumber: null })] });
    const { dialog } = await openDetail();

    expect(
      dialog.queryByRole('region', { name: "Caller's contact, enquiries and appointments" }),
    ).not.toBeInTheDocument();
  });

  it('closes, leaving the list where it was', async () => {
    stubCallLogsApi();
    const { user, search } = await openDetail(`?tab=failed&page=2&call=${CALL_ID}`);

    await user.click(screen.getByRole('button', { name: 'Close the call' }));

    expect(search()).toEqual({ tab: 'failed', page: '2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says "Call not found" for a call that is not the user\'s', async () => {
    stubCallLogsApi({
      handlers: {
        'GET /api/calls/someone-elses': () => errorResponse(404, 'NOT_FOUND', 'Not found'),
      },
    });
    renderCallLogs('?call=someone-elses');

    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Call not found')).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says what went wrong otherwise, and tries again', async () => {
    stubCallLogsApi({
      handlers: {
        [`GET /api/calls/${CALL_ID}`]: () =>
          errorResponse(500, 'INTERNAL_ERROR', 'The database is not answering.'),
      },
    });
    const { user } = renderCallLogs(`?call=${CALL_ID}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the call');
    expect(alert).toHaveTextContent('The database is not answering.');

    stubCallLogsApi();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Transcript' })).toBeInTheDocument();
  });
});
