export default function Page() {
  return <h1>payments-fail</h1>;
}
