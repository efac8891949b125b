import { useConsoleDataProvider } from '../../../dataProvider/useConsoleDataProvider';
import { ImageInput } from '../../engine/ImageInput';

/** Props of ProofImageUpload. */
export interface ProofImageUploadProps {
  /** The uploaded image's public URL, or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Told when an upload starts and ends, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
}

/** The deposit's proof image: the engine's image input over the console's dataProvider, with the proof's texts. */
export default function ProofImageUpload(props: ProofImageUploadProps) {
  const dataProvider = useConsoleDataProvider();
  return (
    <ImageInput {...props} http={dataProvider.call} label="client.proof.label" alt="client.proof.alt" testId="proof" />
  );
}
