export default function Page() {
  return <h1>promotions</h1>;
}
