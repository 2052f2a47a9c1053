import {
  Alert,
  Box,
  Button,
  Container,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  serviceEnquirySchema,
  toServiceEnquiryRequest,
  type ServiceEnquiryFormInput,
  type ServiceEnquiryInput,
} from '@switchboard/shared/service-enquiries';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSendServiceEnquiry } from '../api/send-service-enquiry';
import classes from './landing.module.css';
import { CountryField } from '../../../components/location-fields';
import { useZodForm } from '../../../lib/use-zod-form';

const FIELDS = ['poc', 'businessName', 'country', 'website', 'email', 'phone'] as const;

/**
 * The public service-enquiry form: a prospect tells us who they are and we get back to them.
 * `fax` is the honeypot — off screen, out of the tab order and hidden from assistive technology,
 * so only bots fill it in (the server then stores nothing but answers as usual).
 */
export function ServiceEnquiryForm() {
  const send = useSendServiceEnquiry();
  const { form, fieldProps } = useZodForm<ServiceEnquiryFormInput, ServiceEnquiryInput>(
    serviceEnquirySchema,
    {
      poc: '',
      businessName: '',
      country: '',
      website: '',
      email: '',
      phone: '',
      fax: '',
    },
  );

  const submit = (values: ServiceEnquiryInput) => {
    send.mutate(toServiceEnquiryRequest(values), {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (applyServerFieldErrors<ServiceEnquiryFormInput>(error, FIELDS, form.setError))
          send.reset();
      },
    });
  };

  return (
    <Box
      component="section"
      className={classes.section}
      aria-labelledby="enquiry-title"
      id="contact"
    >
      <Container size="sm">
        <Stack gap="xs" ta="center" mb="xl" align="center">
          <Text className={classes.kicker}>Talk to us</Text>
          <Title id="enquiry-title" order={2} fz={{ base: 28, sm: 34 }}>
            Tell us about your business
          </Title>
          <Text c="dimmed" maw={520}>
            Running voice agents, or about to? Leave your details and we will show you Switchboard
            on your own calls.
          </Text>
        </Stack>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
          {send.isSuccess ? (
            <Alert
              color="teal"
              icon={<IconCircleCheck size={20} />}
              title="Enquiry sent"
              role="status"
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{send.data.message}</Text>
                <Button variant="light" size="xs" onClick={() => send.reset()}>
                  Send another enquiry
                </Button>
              </Stack>
            </Alert>
          ) : (
            <form
              noValidate
              aria-label="Service enquiry"
              onSubmit={(event) => void form.handleSubmit(submit)(event)}
            >
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label="Point of contact"
                    autoComplete="name"
                    withAsterisk
                    {...fieldProps('poc')}
                  />
                  <TextInput
                    label="Business name"
                    autoComplete="organization"
                    withAsterisk
                    {...fieldProps('businessName')}
                  />
                  <CountryField
                    control={form.control}
                    name="country"
                    placeholder="Search countries"
                  />
                  <TextInput
                    label="Website"
                    placeholder="yourbusiness.com"
                    autoComplete="url"
                    withAsterisk
                    {...fieldProps('website')}
                  />
                  <TextInput
                    label="Email (optional)"
                    type="email"
                    autoComplete="email"
                    {...fieldProps('email')}
                  />
                  <TextInput
                    label="Phone (optional)"
                    type="tel"
                    autoComplete="tel"
                    {...fieldProps('phone')}
                  />
                </SimpleGrid>
                <div className={classes.honeypot} aria-hidden="true">
                  <label htmlFor="enquiry-fax">Fax (leave this empty)</label>
                  <input
                    id="enquiry-fax"
                    type="text"
                    tabIndex={-1}
                    autoComplete="off"
                    {...form.register('fax')}
                  />
                </div>
                {send.isError && (
                  <Alert
                    color="red"
                    icon={<IconAlertCircle size={18} />}
                    title="Could not send the enquiry"
                    role="alert"
                  >
                    {send.error.message}
                  </Alert>
                )}
                <Button
                  type="submit"
                  size="md"
                  loading={send.isPending}
                  rightSection={<IconSend size={16} />}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Send enquiry
                </Button>
              </Stack>
            </form>
          )}
        </Paper>
      </Container>
    </Box>
  );
}
