export default function Page() {
  return <h1>error-403</h1>;
}
