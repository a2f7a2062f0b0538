import { Alert, Button, Card, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { AvailableNumbersBody, CheckVerificationBody, SendSmsBody, StartVerificationBody, type AvailableNumberView } from '@qr/contracts';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { ScrollingTable } from '../../components/scrolling-table';
import { checked, serverErrors, type FormErrors } from '../promos';
import { smsLength } from './campaign-draft';
import { smsApi } from './messaging-api';

/** Spec §7 "fetch available numbers" and "purchase phone number": search by country and area code, then buy one. */
export function PhoneNumbers({ orgId }: { orgId: string }) {
  const [country, setCountry] = useState('US');
  const [areaCode, setAreaCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const search = useMutation({ mutationFn: (body: AvailableNumbersBody) => smsApi.availableNumbers(body) });
  const purchase = useMutation({ mutationFn: (number: AvailableNumberView) => smsApi.purchaseNumber({ org_id: orgId, phone_number: number.phone_number }) });
  const submit = () => {
    const result = checked(AvailableNumbersBody, {
      org_id: orgId,
      country: country.trim().toUpperCase(),
      ...(areaCode.trim() ? { area_code: areaCode.trim() } : {}),
    });
    setErrors(result.errors ?? {});
    if (result.data) search.mutate(result.data);
  };
  const shown = { ...serverErrors(search.error), ...errors };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Phone numbers
        </Title>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="Country"
            description="Two letters, such as US or GB"
            value={country}
            onChange={(event) => setCountry(event.currentTarget.value)}
            error={shown['country']}
            w={160}
          />
          <TextInput
            label="Area code"
            description="Optional"
            value={areaCode}
            onChange={(event) => setAreaCode(event.currentTarget.value)}
            error={shown['area_code']}
            w={160}
          />
        </Group>
        <Button variant="default" onClick={submit} loading={search.isPending} style={{ alignSelf: 'flex-start' }}>
          Search numbers
        </Button>
        {search.isError && <Alert color="red">{describeError(search.error)}</Alert>}
        {search.data?.length === 0 && <Text>No numbers are available there: try another area code, or none.</Text>}
        {search.data && search.data.length > 0 && (
          <ScrollingTable label="Available numbers" minWidth={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Where</Table.Th>
                <Table.Th>Buy</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {search.data.map((number) => (
                <Table.Tr key={number.phone_number}>
                  <Table.Td ff="monospace">{number.friendly_name}</Table.Td>
                  <Table.Td>{[number.locality, number.region].filter(Boolean).join(', ')}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      onClick={() => purchase.mutate(number)}
                      loading={purchase.isPending && purchase.variables === number}
                      aria-label={`Buy ${number.friendly_name}`}
                    >
                      Buy
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollingTable>
        )}
        {purchase.isError && <Alert color="red">{describeError(purchase.error)}</Alert>}
        {purchase.data && <Alert color="teal" role="status">{`${purchase.data.phone_number} is yours: texts go out from it.`}</Alert>}
      </Stack>
    </Card>
  );
}

/** Spec §7 "phone-number verification": a one-time code by text, then its check. */
export function PhoneVerification({ orgId }: { orgId: string }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const start = useMutation({ mutationFn: (body: StartVerificationBody) => smsApi.startVerification(body) });
  const check = useMutation({ mutationFn: (body: CheckVerificationBody) => smsApi.checkVerification(body) });
  const sendCode = () => {
    const result = checked(StartVerificationBody, { org_id: orgId, phone });
    setErrors(result.errors ?? {});
    if (!result.data) return;
    check.reset();
    start.mutate(result.data);
  };
  const checkCode = () => {
    const result = checked(CheckVerificationBody, { org_id: orgId, phone, code: code.trim() });
    setErrors(result.errors ?? {});
    if (result.data) check.mutate(result.data);
  };
  const shown = { ...serverErrors(start.error ?? check.error), ...errors };
  const failure = start.error ?? check.error;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Phone-number verification
        </Title>
        <TextInput
          label="Phone to verify"
          description="With its country code, such as +442079460958"
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={shown['phone']}
        />
        <Button variant="default" onClick={sendCode} loading={start.isPending} style={{ alignSelf: 'flex-start' }}>
          Send code
        </Button>
        {start.data && (
          <>
            <Text size="sm" role="status">{`A code went to ${start.data.phone}.`}</Text>
            <TextInput
              label="Code received"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={shown['code']}
              w={200}
            />
            <Button onClick={checkCode} loading={check.isPending} style={{ alignSelf: 'flex-start' }}>
              Check code
            </Button>
          </>
        )}
        {check.data && (
          <Alert color={check.data.status === 'approved' ? 'teal' : 'yellow'} role="status">
            {check.data.status === 'approved' ? `${check.data.phone} is verified.` : 'That code does not match yet: check it and try again.'}
          </Alert>
        )}
        {failure && <Alert color="red">{describeError(failure)}</Alert>}
      </Stack>
    </Card>
  );
}

/** Spec §7 "send SMS": one text to one number; the ledger refuses an opted-out number before the provider sees it. */
export function SendOneSms({ orgId }: { orgId: string }) {
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const send = useMutation({ mutationFn: (body: SendSmsBody) => smsApi.send(body) });
  const submit = () => {
    const result = checked(SendSmsBody, { org_id: orgId, to, message });
    setErrors(result.errors ?? {});
    if (result.data) send.mutate(result.data);
  };
  const shown = { ...serverErrors(send.error), ...errors };
  const length = smsLength(message);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Send one SMS
        </Title>
        <TextInput
          label="To"
          description="With its country code, such as +442079460958"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={shown['to']}
        />
        <Textarea label="Text" autosize minRows={2} value={message} onChange={(event) => setMessage(event.currentTarget.value)} error={shown['message']} />
        <Text
          size="sm"
          c="dimmed"
        >{`${length.characters.toLocaleString('en')} characters · ${length.segments === 1 ? '1 segment' : `${length.segments} segments`}`}</Text>
        <Button onClick={submit} loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          Send SMS
        </Button>
        {send.isError && <Alert color="red">{describeError(send.error)}</Alert>}
        {send.data && (
          <Alert color={send.data.status === 'opted_out' || send.data.status === 'failed' ? 'red' : 'teal'} role="status">
            {send.data.status === 'opted_out'
              ? 'Not sent: that number opted out.'
              : send.data.status === 'failed'
                ? 'The provider refused the text.'
                : send.data.outbox
                  ? 'Kept in the outbox: no SMS provider is connected.'
                  : 'Sent.'}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
