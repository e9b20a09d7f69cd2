export default function Page() {
  return <h1>loyalty</h1>;
}
