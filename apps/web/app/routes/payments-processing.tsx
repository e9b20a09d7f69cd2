export default function Page() {
  return <h1>payments-processing</h1>;
}
