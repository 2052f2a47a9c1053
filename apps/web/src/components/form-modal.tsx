import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * A modal holding a form: the whole screen on a phone, and a click beside it does not close it
 * (and lose what was typed); Escape and the close button still do.
 */
export function FormModal(props: Omit<ModalProps, 'fullScreen' | 'closeOnClickOutside'>) {
  const fullScreen = useMediaQuery('(max-width: 48em)');
  return <Modal {...props} fullScreen={fullScreen} closeOnClickOutside={false} />;
}
