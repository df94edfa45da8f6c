package org.panta.runner.isolation;

import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.LocalVariablesSorter;

/**
 * Rewrites the call sites of test classes (the units a run loads, and the classes they define at
 * run time) so that what could reach the verdict goes through {@code
 * org.panta.runner.sandbox.Guard}: reflection, method handles and VarHandles (checked for Panta's
 * classes and JaCoCo's {@code $jacoco*} members), class loading by name, classes defined from
 * bytes (guarded in turn), file paths (checked for {@code /proc/self}, {@code /proc/<pid>},
 * {@code /dev/fd}). Refused outright, by a call of Guard.refuse before the instruction: any use
 * of Panta's own classes ({@code org/panta/}), {@code Unsafe}, the attach API, {@code
 * Instrumentation}, {@code com.sun.management} (heap dumps), native libraries, the standard
 * {@code FileDescriptor}s and every JDK method that takes one. Method references (invokedynamic
 * handles) to these are guarded the same way. Stack effects are kept, so frames stay valid.
 */
public final class TestCodeGuard {
  static final String GUARD = "org/panta/runner/sandbox/Guard";

  private TestCodeGuard() {}

  /** The guarded class file. */
  public static byte[] rewrite(byte[] classFile) {
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
    String self = reader.getClassName();
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          @Override
          public MethodVisitor visitMethod(
              int access, String name, String desc, String signature, String[] exceptions) {
            MethodVisitor next = super.visitMethod(access, name, desc, signature, exceptions);
            return new Sites(access, desc, next, self);
          }
        },
        ClassReader.EXPAND_FRAMES);
    return writer.toByteArray();
  }

  /** A class file test code defines at run time: guarded, with its exit calls rewritten. */
  public static byte[] guardDefined(byte[] classFile) {
    return ExitCallRewriter.rewrite(rewrite(classFile));
  }

  /** A call replaced by a static method of Guard with the receiver as its first parameter. */
  private record Replacement(String guardName, String guardDesc) {}

  private static final Map<String, Replacement> REPLACED = new HashMap<>();

  private static void replace(String owner, String name, String desc, boolean isStatic) {
    String guardDesc = isStatic ? desc : "(L" + owner + ";" + desc.substring(1);
    REPLACED.put(owner + "." + name + desc, new Replacement(name, guardDesc));
  }

  static {
    String cls = "java/lang/Class";
    replace(cls, "forName", "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;", true);
    replace(cls, "forName", "(Ljava/lang/Module;Ljava/lang/String;)Ljava/lang/Class;", true);
    replace(cls, "getDeclaredField", "(Ljava/lang/String;)Ljava/lang/reflect/Field;", false);
    replace(cls, "getField", "(Ljava/lang/String;)Ljava/lang/reflect/Field;", false);
    replace(cls, "getDeclaredFields", "()[Ljava/lang/reflect/Field;", false);
    replace(cls, "getFields", "()[Ljava/lang/reflect/Field;", false);
    String method = "(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;";
    replace(cls, "getDeclaredMethod", method, false);
    replace(cls, "getMethod", method, false);
    replace(cls, "getDeclaredMethods", "()[Ljava/lang/reflect/Method;", false);
    replace(cls, "getMethods", "()[Ljava/lang/reflect/Method;", false);
    String ctor = "([Ljava/lang/Class;)Ljava/lang/reflect/Constructor;";
    replace(cls, "getDeclaredConstructor", ctor, false);
    replace(cls, "getConstructor", ctor, false);
    replace(cls, "getDeclaredConstructors", "()[Ljava/lang/reflect/Constructor;", false);
    replace(cls, "getConstructors", "()[Ljava/lang/reflect/Constructor;", false);
    String handles = "java/lang/invoke/MethodHandles";
    String lookup = "java/lang/invoke/MethodHandles$Lookup";
    String lookupType = "Ljava/lang/invoke/MethodHandles$Lookup;";
    replace(handles, "privateLookupIn", "(Ljava/lang/Class;" + lookupType + ")" + lookupType, true);
    String mh = "Ljava/lang/invoke/MethodHandle;";
    String vh = "Ljava/lang/invoke/VarHandle;";
    String type = "Ljava/lang/invoke/MethodType;";
    replace(lookup, "findStatic", "(Ljava/lang/Class;Ljava/lang/String;" + type + ")" + mh, false);
    replace(lookup, "findVirtual", "(Ljava/lang/Class;Ljava/lang/String;" + type + ")" + mh, false);
    replace(
        lookup,
        "findSpecial",
        "(Ljava/lang/Class;Ljava/lang/String;" + type + "Ljava/lang/Class;)" + mh,
        false);
    replace(lookup, "findConstructor", "(Ljava/lang/Class;" + type + ")" + mh, false);
    String field = "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)";
    for (String n : new String[] {"findGetter", "findSetter", "findStaticGetter", "findStaticSetter"}) {
      replace(lookup, n, field + mh, false);
    }
    replace(lookup, "findVarHandle", field + vh, false);
    replace(lookup, "findStaticVarHandle", field + vh, false);
    replace(lookup, "findClass", "(Ljava/lang/String;)Ljava/lang/Class;", false);
    replace(lookup, "unreflect", "(Ljava/lang/reflect/Method;)" + mh, false);
    replace(lookup, "unreflectGetter", "(Ljava/lang/reflect/Field;)" + mh, false);
    replace(lookup, "unreflectSetter", "(Ljava/lang/reflect/Field;)" + mh, false);
    replace(lookup, "unreflectVarHandle", "(Ljava/lang/reflect/Field;)" + vh, false);
    replace(lookup, "in", "(Ljava/lang/Class;)" + lookupType, false);
    replace(lookup, "defineClass", "([B)Ljava/lang/Class;", false);
    replace(
        lookup,
        "defineHiddenClass",
        "([BZ[Ljava/lang/invoke/MethodHandles$Lookup$ClassOption;)" + lookupType,
        false);
    String invoke = "(Ljavax/management/ObjectName;Ljava/lang/String;[Ljava/lang/Object;[Ljava/lang/String;)Ljava/lang/Object;";
    REPLACED.put(
        "javax/management/MBeanServerConnection.invoke" + invoke,
        new Replacement("mbeanInvoke", "(Ljavax/management/MBeanServerConnection;" + invoke.substring(1)));
    REPLACED.put(
        "javax/management/MBeanServer.invoke" + invoke,
        new Replacement("mbeanInvoke", "(Ljavax/management/MBeanServerConnection;" + invoke.substring(1)));
    String path = "Ljava/nio/file/Path;";
    REPLACED.put(
        "java/nio/file/Path.of(Ljava/lang/String;[Ljava/lang/String;)" + path,
        new Replacement("pathOf", "(Ljava/lang/String;[Ljava/lang/String;)" + path));
    REPLACED.put(
        "java/nio/file/Paths.get(Ljava/lang/String;[Ljava/lang/String;)" + path,
        new Replacement("pathOf", "(Ljava/lang/String;[Ljava/lang/String;)" + path));
    REPLACED.put(
        "java/nio/file/Path.of(Ljava/net/URI;)" + path,
        new Replacement("pathOf", "(Ljava/net/URI;)" + path));
    REPLACED.put(
        "java/nio/file/Paths.get(Ljava/net/URI;)" + path,
        new Replacement("pathOf", "(Ljava/net/URI;)" + path));
    replace("java/nio/file/FileSystem", "getPath", "(Ljava/lang/String;[Ljava/lang/String;)" + path, false);
    for (String n : new String[] {"resolve", "resolveSibling"}) {
      replace("java/nio/file/Path", n, "(Ljava/lang/String;)" + path, false);
      replace("java/nio/file/Path", n, "(" + path + ")" + path, false);
    }
  }

  /** Why a use of `owner` is refused outright, or null. */
  static String refusedOwner(String owner) {
    if (owner.startsWith("org/panta/")) {
      return "a use of Panta's own " + owner.replace('/', '.');
    }
    if (owner.equals("sun/misc/Unsafe") || owner.startsWith("jdk/internal/")) {
      return "a use of " + owner.replace('/', '.');
    }
    if (owner.startsWith("com/sun/tools/attach/")
        || owner.startsWith("sun/tools/attach/")
        || owner.equals("java/lang/instrument/Instrumentation")
        || owner.startsWith("net/bytebuddy/agent/")) {
      return "attaching to the JVM (" + owner.replace('/', '.') + ")";
    }
    if (owner.startsWith("com/sun/management/")) {
      return "the management bean " + owner.replace('/', '.') + " (heap dumps, diagnostic commands)";
    }
    return null;
  }

  /** Why the call is refused outright, or null. */
  static String refusedCall(String owner, String name, String desc) {
    String why = refusedOwner(owner);
    if (why != null) {
      return why;
    }
    boolean jdk = owner.startsWith("java/") || owner.startsWith("javax/") || owner.startsWith("sun/");
    if (jdk && desc.contains("Ljava/io/FileDescriptor;")) {
      return "a file descriptor stream (" + owner.replace('/', '.') + "." + name + ")";
    }
    boolean nativeLoad = name.equals("load") || name.equals("loadLibrary");
    if (nativeLoad && (owner.equals("java/lang/System") || owner.equals("java/lang/Runtime"))) {
      return "loading native code (" + owner.replace('/', '.') + "." + name + ")";
    }
    return null;
  }

  /** A guarded method: local variables renumbered so that new ones can be added. */
  private static final class Sites extends LocalVariablesSorter {
    private final String self;

    Sites(int access, String desc, MethodVisitor next, String self) {
      super(Opcodes.ASM9, access, desc, next);
      this.self = self;
    }

    private void refuse(String why) {
      super.visitLdcInsn(why);
      super.visitMethodInsn(Opcodes.INVOKESTATIC, GUARD, "refuse", "(Ljava/lang/String;)V", false);
    }

    private void check(String name, String desc) {
      super.visitMethodInsn(Opcodes.INVOKESTATIC, GUARD, name, desc, false);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
      String refused = refusedCall(owner, name, desc);
      if (refused != null) {
        refuse(refused);
      } else if (opcode == Opcodes.INVOKESPECIAL) {
        if (name.equals("<init>")) {
          checkConstructor(owner, desc);
        } else if (name.equals("defineClass")) {
          guardDefinedBytes(desc);
        }
      } else if (replaced(owner, name, desc)) {
        return;
      } else {
        precheck(owner, name, desc);
      }
      super.visitMethodInsn(opcode, owner, name, desc, itf);
    }

    /** Emits the Guard call that takes the place of this one; false when there is none. */
    private boolean replaced(String owner, String name, String desc) {
      Replacement r = REPLACED.get(owner + "." + name + desc);
      if (r != null) {
        check(r.guardName(), r.guardDesc());
        return true;
      }
      if (owner.equals("java/lang/Class")
          && name.equals("forName")
          && desc.equals("(Ljava/lang/String;)Ljava/lang/Class;")) {
        super.visitLdcInsn(Type.getObjectType(self));  // its loader, as the caller's
        check("forName", "(Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Class;");
        return true;
      }
      if (name.equals("loadClass") && desc.equals("(Ljava/lang/String;)Ljava/lang/Class;")) {
        check("loadClass", "(Ljava/lang/ClassLoader;Ljava/lang/String;)Ljava/lang/Class;");
        return true;
      }
      return false;
    }

    /**
     * The checks of calls that must stay as they are (caller-sensitive ones: the access a
     * reflective call has is its caller's): made before them, with their arguments kept on the
     * stack.
     */
    private void precheck(String owner, String name, String desc) {
      if (owner.equals("java/lang/reflect/Method")
          && name.equals("invoke")
          && desc.equals("(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;")) {
        int args = newLocal(Type.getType("[Ljava/lang/Object;"));
        int target = newLocal(Type.getType("Ljava/lang/Object;"));
        mv.visitVarInsn(Opcodes.ASTORE, args);
        mv.visitVarInsn(Opcodes.ASTORE, target);
        super.visitInsn(Opcodes.DUP);
        check("checkInvoke", "(Ljava/lang/reflect/Method;)V");
        mv.visitVarInsn(Opcodes.ALOAD, target);
        mv.visitVarInsn(Opcodes.ALOAD, args);
      } else if (owner.equals("java/lang/reflect/Constructor")
          && name.equals("newInstance")
          && desc.equals("([Ljava/lang/Object;)Ljava/lang/Object;")) {
        super.visitInsn(Opcodes.DUP2);
        super.visitInsn(Opcodes.POP);
        check("checkNewInstance", "(Ljava/lang/reflect/Constructor;)V");
      } else if (name.equals("setAccessible") && desc.equals("(Z)V")) {
        super.visitInsn(Opcodes.DUP2);
        check("checkAccessible", "(Ljava/lang/reflect/AccessibleObject;Z)V");
      } else if (name.equals("setAccessible")
          && desc.equals("([Ljava/lang/reflect/AccessibleObject;Z)V")) {
        super.visitInsn(Opcodes.DUP2);
        check("checkAccessible", "([Ljava/lang/reflect/AccessibleObject;Z)V");
      } else if (name.equals("trySetAccessible") && desc.equals("()Z")) {
        super.visitInsn(Opcodes.DUP);
        check("checkAccessible", "(Ljava/lang/reflect/AccessibleObject;)V");
      } else if (owner.equals("java/lang/management/ManagementFactory")
          && desc.contains("Ljava/lang/Class;)")) {
        super.visitInsn(Opcodes.DUP);  // the interface asked for is the last argument
        check("checkManagementInterface", "(Ljava/lang/Class;)V");
      } else if (name.equals("defineClass")) {
        guardDefinedBytes(desc);
      }
    }

    /** Paths given to java.io's constructors as text or a file. */
    private void checkConstructor(String owner, String desc) {
      boolean paths = owner.equals("java/io/File")
          || owner.equals("java/io/FileOutputStream")
          || owner.equals("java/io/FileInputStream")
          || owner.equals("java/io/RandomAccessFile")
          || owner.equals("java/io/FileWriter")
          || owner.equals("java/io/FileReader")
          || owner.equals("java/io/PrintStream")
          || owner.equals("java/io/PrintWriter")
          || owner.equals("java/util/Formatter")
          || owner.equals("java/util/Scanner");
      if (!paths) {
        return;
      }
      Type[] args = Type.getArgumentTypes(desc);
      if (args.length == 0) {
        return;
      }
      String first = args[0].getDescriptor();
      boolean text = first.equals("Ljava/lang/String;");
      boolean file = first.equals("Ljava/io/File;");
      boolean uri = first.equals("Ljava/net/URI;");
      if (args.length == 1 && text) {
        check("checkPath", "(Ljava/lang/String;)Ljava/lang/String;");
      } else if (args.length == 1 && file) {
        check("checkFile", "(Ljava/io/File;)Ljava/io/File;");
      } else if (args.length == 1 && uri) {
        check("checkUri", "(Ljava/net/URI;)Ljava/net/URI;");
      } else if (args.length == 2 && owner.equals("java/io/File") && (text || file)) {
        super.visitInsn(Opcodes.DUP2);
        check("checkPair", "(" + first + "Ljava/lang/String;)V");
      } else if (args.length == 2 && text && args[1].getSize() == 1) {
        // (a File was checked where it was made: nothing more to see for one)
        super.visitInsn(Opcodes.DUP2);
        boolean ref = args[1].getSort() == Type.OBJECT || args[1].getSort() == Type.ARRAY;
        check("checkFirst", "(Ljava/lang/String;" + (ref ? "Ljava/lang/Object;" : "I") + ")V");
      }
    }

    /** ClassLoader.defineClass(name, b, off, len[, domain]): b guarded, off 0, len its size. */
    private void guardDefinedBytes(String desc) {
      boolean withDomain = desc.equals(
          "(Ljava/lang/String;[BIILjava/security/ProtectionDomain;)Ljava/lang/Class;");
      if (!withDomain && !desc.equals("(Ljava/lang/String;[BII)Ljava/lang/Class;")) {
        if (desc.contains("Ljava/nio/ByteBuffer;")) {
          refuse("a class defined from a ByteBuffer");
        }
        return;
      }
      int domain = -1;
      if (withDomain) {
        domain = newLocal(Type.getType("Ljava/security/ProtectionDomain;"));
        mv.visitVarInsn(Opcodes.ASTORE, domain);
      }
      check("defineBytes", "([BII)[B");
      super.visitInsn(Opcodes.DUP);
      super.visitInsn(Opcodes.ARRAYLENGTH);
      super.visitInsn(Opcodes.ICONST_0);
      super.visitInsn(Opcodes.SWAP);
      if (withDomain) {
        mv.visitVarInsn(Opcodes.ALOAD, domain);
      }
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String desc) {
      String why = refusedOwner(owner);
      if (why == null && owner.equals("java/io/FileDescriptor")) {
        why = "the standard file descriptor FileDescriptor." + name;
      }
      if (why != null) {
        refuse(why);
      }
      super.visitFieldInsn(opcode, owner, name, desc);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
      String why = refusedOwner(type.startsWith("[") ? Type.getType(type).getElementType().getInternalName() : type);
      if (why != null) {
        refuse(why);
      }
      super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitLdcInsn(Object value) {
      String why = null;
      if (value instanceof Type t && t.getSort() == Type.OBJECT) {
        why = refusedOwner(t.getInternalName());
      } else if (value instanceof Handle h) {
        why = refusedCall(h.getOwner(), h.getName(), h.getDesc());
      } else if (value instanceof ConstantDynamic) {
        why = "a dynamic constant";
      }
      if (why != null) {
        refuse(why);
      }
      super.visitLdcInsn(value);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... bsmArgs) {
      Object[] args = bsmArgs.clone();
      for (int i = 0; i < args.length; i++) {
        if (!(args[i] instanceof Handle h)) {
          continue;
        }
        String why = refusedCall(h.getOwner(), h.getName(), h.getDesc());
        if (why != null) {
          refuse(why);
          continue;
        }
        Replacement r = REPLACED.get(h.getOwner() + "." + h.getName() + h.getDesc());
        if (r == null
            && h.getOwner().equals("java/lang/Class")
            && h.getName().equals("forName")
            && h.getDesc().equals("(Ljava/lang/String;)Ljava/lang/Class;")) {
          r = new Replacement("forName", h.getDesc());
        }
        if (r != null && h.getTag() != Opcodes.H_NEWINVOKESPECIAL && h.getTag() != Opcodes.H_INVOKESPECIAL) {
          args[i] = new Handle(Opcodes.H_INVOKESTATIC, GUARD, r.guardName(), r.guardDesc(), false);
        }
      }
      super.visitInvokeDynamicInsn(name, desc, bsm, args);
    }
  }
}
